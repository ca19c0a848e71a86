"""Issue 23, results that keep, in a real Chromium: a host runs a short class, ends it, finds it
in the list of classes this browser hosted (/class) and downloads its CSV, which reads back in
order, with the byte-order mark, titles, answers in words and every player."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.e2e.test_accessibility import assert_no_violations
from tests.e2e.test_class_browser import end_the_class, join, read_csv


def test_a_host_finds_an_ended_class_in_the_list_and_downloads_its_csv(browser: Browser,
                                                                        base_url):
    host = browser.new_context(base_url=base_url).new_page()
    host.goto("/class/new")
    host.get_by_label(re.compile("Force of Nature against three")).check()
    host.get_by_role("button", name="Create the class").click()
    code = host.locator(".class-bar .code").inner_text()
    zoe = join(browser, base_url, code, "Zoë 🐻")
    join(browser, base_url, code, "Quiet")  # joins and never answers
    host.get_by_role("button", name="Start the class").click()
    host.get_by_label("Go to step").select_option("7")
    host.get_by_role("button", name="Go", exact=True).click()
    expect(zoe.get_by_role("button", name="Legal", exact=True)).to_be_visible()
    zoe.wait_for_load_state()
    zoe.get_by_role("button", name="Legal", exact=True).click()
    expect(zoe.locator("#feedback")).not_to_be_empty()
    expect(host.locator("#room")).to_contain_text("Zoë 🐻")
    end_the_class(host)

    host.goto("/class")
    entry = host.locator(f"#class-{code}")
    expect(entry).to_contain_text("Ended")
    expect(entry).to_contain_text("2 players")
    expect(entry).to_contain_text("The results are kept until")
    assert_no_violations(host)
    with host.expect_download() as download:
        entry.get_by_role("link", name=re.compile(r"Results \(CSV\)")).click()
    name = download.value.suggested_filename
    assert name.startswith("Force of Nature") and name.endswith(f" {code}.csv"), name
    before, rows = read_csv(download.value.path())
    assert before[0][0] == "Lesson" and before[0][1].startswith("Force of Nature")
    assert before[2] == ["Class code", code]
    assert [(r["Player"], r["Step"], r["First answer"], r["Tries"]) for r in rows] == [
        ("Zoë 🐻", "7", "Legal", "1"), ("Quiet", "7", "", "0")]
    assert rows[0]["Title"] and rows[0]["Total asked"] == "1"
    assert {r["Total answered"] for r in rows} == {"1", "0"}

    # "Run it again": a new class on the same lesson, listed first.
    host.goto("/class")
    entry.get_by_role("button", name=re.compile("Run it again")).click()
    expect(host.get_by_role("button", name="Start the class")).to_be_visible()
    fresh = host.locator(".class-bar .code").inner_text()
    assert fresh != code
    host.goto("/class")
    expect(host.locator(".past-class").first).to_have_id(f"class-{fresh}")
