"""One helper signs what the app hands a browser (webapp/signing.py): forged values read as
nothing, one kind of value can't stand for another, and cookies given out before it still work."""

from __future__ import annotations

from itsdangerous import URLSafeSerializer

from webapp import signing


def test_a_forged_or_missing_value_reads_as_nothing(app):
    with app.test_request_context(headers={"Cookie": "class_seat=forged.value"}):
        assert signing.read_cookie("class_seat") is None
        assert signing.read_cookie("absent") is None
        assert signing.loads("trample-practice", "garbage") is None
        assert signing.loads("trample-practice", None) is None


def test_a_value_signed_for_one_purpose_is_refused_for_another(app):
    with app.test_request_context():
        seat = signing.dumps("class_seat", "a-seat-token")
    with app.test_request_context(headers={"Cookie": f"class_host={seat}"}):
        assert signing.read_cookie("class_host") is None
    with app.test_request_context(headers={"Cookie": f"class_seat={seat}"}):
        assert signing.read_cookie("class_seat") == "a-seat-token"


def test_only_strings_are_read_from_cookies(app):
    with app.test_request_context():
        listed = signing.dumps("quiz_mine", ["a", "b"])
    with app.test_request_context(headers={"Cookie": f"quiz_mine={listed}"}):
        assert signing.read_cookie("quiz_mine") is None


def test_a_learner_cookie_signed_before_the_helper_keeps_its_progress(client, app):
    """Learners' cookies live 400 days: the learner cookie keeps the salt it always had."""
    old = URLSafeSerializer(app.secret_key, salt="trample-learner").dumps("learner-abcdef-123")
    with app.test_request_context(headers={"Cookie": f"learner={old}"}):
        from webapp.views.learn import learner_id

        assert learner_id() == "learner-abcdef-123"


def test_cookies_are_http_only_same_site_and_secure_on_https(app):
    with app.test_request_context(base_url="https://trample.example"):
        from datetime import timedelta

        from flask import make_response

        response = signing.send_cookie(make_response("ok"), "class_seat", "t", path="/class",
                                       max_age=timedelta(hours=1))
    header = response.headers["Set-Cookie"]
    assert "HttpOnly" in header and "SameSite=Lax" in header and "Secure" in header
    assert "Path=/class" in header and "Max-Age=3600" in header
