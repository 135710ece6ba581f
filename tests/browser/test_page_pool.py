"""A page one browser test leaves is handed to the next test of the same kind only as a fresh
context's page would be: nothing of the test before is left in it."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_page_handed_on_keeps_nothing_of_the_test_before(site):
    page = site.open(phone=True)
    page.goto("/")
    page.evaluate("localStorage.setItem('left', 'behind'); sessionStorage.setItem('left', 'behind')")
    page.context.add_cookies([{"name": "left", "value": "behind", "url": site.url}])
    page.emulate_media(media="print")
    site.close()

    again = site.open(phone=True)
    assert again is page
    assert again.content() == "<html><head></head><body></body></html>"
    assert again.context.cookies() == []
    assert again.viewport_size == {"width": 390, "height": 844}
    again.goto("/")
    assert again.evaluate("[localStorage.getItem('left'), sessionStorage.getItem('left')]") == [
        None, None]
    assert again.evaluate("matchMedia('print').matches") is False


def test_a_page_is_handed_on_to_its_own_kind_only(site):
    laptop = site.open()
    site.close()
    assert site.open(phone=True) is not laptop
    assert site.open(javascript=False) is not laptop
    assert site.open() is laptop


def test_a_page_a_test_listens_to_or_that_bypasses_the_csp_is_closed(site):
    listened = site.open()
    listened.on("dialog", lambda dialog: dialog.dismiss())
    bypassing = site.open(bypass_csp=True)
    site.close()
    assert listened.is_closed() and bypassing.is_closed()
