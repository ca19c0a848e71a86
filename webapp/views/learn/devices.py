"""Continue on another device: the learner's resume code and its QR link, taking progress over
with a code, and the progress as a file (services/resume.py, services/progress_file.py).

GET  /learn/resume[?code=…]          the code, its QR code, "I have a code" (the link fills it in)
POST /learn/resume                   a code typed: this browser continues that progress (303), or
                                     the page with what went wrong (400); rate limited
POST /learn/resume/new               "Make a new code": the old one stops working (303)
GET  /learn/resume/progress.json     the progress as a file
POST /learn/resume/import            a progress file: added to this browser's progress (303)
"""

from __future__ import annotations

from flask import Response, g, redirect, render_template, request, url_for

from ...i18n import _l, gettext
from ...network import external_url
from ...security import accepts_upload
from ...services import resume
from ...services.progress_file import MAX_BYTES, ProgressFileError, dump, parse
from .. import limiting
from ..qr import qr_svg
from . import bp, clock, learner_id, learner_id_or_new

NOTICES = {  # ?done= after a redirect: what just happened
    "taken": _l("Done: this browser now continues that progress. Every answer from both browsers "
                "was kept."),
    "same": _l("This browser already continues the progress of that code."),
    "new": _l("Here is your new code. The old one no longer works."),
    "imported": _l("Done: the file’s progress was added to this browser’s."),
}
CODE_ERRORS = {
    "malformed": _l("A code has 12 letters and digits, like ACEF-HJKM-3479. Check what you "
                    "typed."),
    "wrong": _l("No progress has this code. Check it on your other device: a code stops "
                "working once a new one is made there."),
}
FILE_ERRORS = {
    "empty": _l("Choose a progress file (.json) to import."),
    "too_big": _l("A progress file is at most %(kb)s KB; this one is larger. Nothing was "
                  "imported.", kb=MAX_BYTES // 1024),
    "not_json": _l("This file isn’t a progress file (it isn’t JSON). Nothing was imported."),
    "not_ours": _l("This file isn’t a progress file downloaded from this site. Nothing was "
                   "imported."),
    "tampered": _l("This file was changed after it was downloaded (or comes from another "
                   "server), so none of it can be trusted. Nothing was imported."),
}
TOO_BIG = FILE_ERRORS["too_big"]


@bp.get("/resume")
def resume_page():
    return _page()


@bp.post("/resume")
def take_over():
    limiting.limit("resume")
    limiting.limit("resume-hour")
    typed = request.form.get("code", "")[:40]
    if resume.normal_code(typed) is None:
        return _page(typed=typed, code_error="malformed", status=400)
    me = learner_id()
    try:
        target = resume.take_over(me, typed)  # committed
    except resume.WrongCode:
        return _page(typed=typed, code_error="wrong", status=400)
    g.learner_id, g.send_learner_cookie = target, True
    return redirect(url_for(".resume_page", done="same" if me == target else "taken"), 303)


@bp.post("/resume/new")
def new_code():
    """A new code, asked first (a plain form, no JavaScript needed): the old code stops working
    at once and for good."""
    me = learner_id()
    if me and request.form.get("confirmed") != "1" and resume.code_for(me):
        return _page(ask_new=True)
    if me and resume.rotate(me):
        return redirect(url_for(".resume_page", done="new"), 303)
    return redirect(url_for(".resume_page"), 303)


@bp.get("/resume/progress.json")
def export():
    body = dump(learner_id(), clock())
    day = clock().date().isoformat()
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="trample-progress-{day}.json"',
        "Cache-Control": "no-store"})


@bp.post("/resume/import")
@accepts_upload(2 * MAX_BYTES, TOO_BIG)
def import_file():
    limiting.limit("progress-import")  # before the file is read: checking it is the costly part
    file = request.files.get("file")
    data = file.read(MAX_BYTES + 1) if file else b""
    try:
        rows = parse(data)
    except ProgressFileError as err:
        return _page(file_error=err.code, status=400)
    resume.import_rows(learner_id_or_new(), rows)  # committed
    return redirect(url_for(".resume_page", done="imported"), 303)


def _page(*, typed: str | None = None, code_error: str | None = None,
          file_error: str | None = None, status: int = 200, ask_new: bool = False):
    me = learner_id()
    code = resume.code_for(me)
    link = qr = None
    if code:
        link = external_url(".resume_page", code=resume.shown(code))
        qr = qr_svg(link, gettext("QR code of your resume link"))
    from_link = typed is None and bool(request.args.get("code"))
    if typed is None:
        typed = request.args.get("code", "")[:40]
    done = request.args.get("done")
    response = render_template(
        "learn/resume.html", code=resume.shown(code) if code else None, link=link, qr=qr,
        mine=resume.summary(me), typed=typed, notice=NOTICES.get(done),
        code_error=CODE_ERRORS.get(code_error), file_error=FILE_ERRORS.get(file_error),
        ask_new=ask_new, from_link=from_link)
    return response, status, {"Cache-Control": "no-store"}  # the page shows a secret
