"""Layer 3: the digits choice in the settings screen of the real app (issue 13 item 3): each choice
shows a sample of its digits, Sindhi offers two native sets, Urdu and Punjabi their own, and the
choice is kept per device (the old boolean preference still read)."""

import asyncio

from harness import Phone

from seep_scorer.app.shell.app import make_main


def run(coro):
    return asyncio.run(coro)


def shown(phone):
    return {
        c: phone.text(f"digits-{c}")
        for c in ("latin", "native", "native-alt")
        if phone.has(f"digits-{c}")
    }


def selected(phone):
    return [
        c
        for c in ("latin", "native", "native-alt")
        if phone.has(f"digits-{c}") and phone.find(f"digits-{c}").selected
    ]


def test_sindhi_offers_both_arabic_sets_with_samples_and_keeps_the_choice(repo):
    async def go():
        main = make_main(lambda: repo)
        phone = await Phone(main, storage={"seep_scorer.language": "sd"}).start("/settings")
        assert shown(phone) == {"latin": "123456", "native": "١٢٣٤٥٦", "native-alt": "۱۲۳۴۵۶"}
        assert selected(phone) == ["latin"]
        await phone.tap("digits-native-alt")
        assert selected(phone) == ["native-alt"]
        await asyncio.sleep(0.05)  # the preferences are written in a task
        assert phone.storage["seep_scorer.digits"] == "native-alt"
        await phone.tap("nav-stats")
        await phone.tap("nav-settings")
        assert "۰۱۲۳۴۵۶۷۸۹" in phone.text("native-digits")  # the help line names the chosen set
        # Urdu has one native set: the Sindhi second set is Urdu's own
        await phone.tap("language-ur")
        assert phone.page.rtl is True
        assert shown(phone) == {"latin": "123456", "native": "۱۲۳۴۵۶"} and selected(phone) == [
            "native"
        ]
        await phone.tap("language-pa")
        assert phone.page.rtl is False
        assert shown(phone) == {"latin": "123456", "native": "੧੨੩੪੫੬"} and selected(phone) == [
            "native"
        ]
        await phone.tap("digits-latin")
        assert selected(phone) == ["latin"]
        # the same browser again
        again = await Phone(main, storage=phone.storage).start("/settings")
        assert again.find("language-pa").selected and selected(again) == ["latin"]

    run(go())


def test_the_old_boolean_preference_still_means_native_digits(repo):
    async def go():
        phone = await Phone(
            make_main(lambda: repo),
            storage={"seep_scorer.language": "ur", "seep_scorer.native_digits": True},
        ).start("/settings")
        assert selected(phone) == ["native"] and phone.page.rtl is True

    run(go())


def test_urdu_and_punjabi_from_the_browser_on_a_first_start(repo):
    async def go():
        for header, code in (
            ("ur-PK,ur;q=0.9,en;q=0.8", "ur"),
            ("pa-Guru-IN,pa;q=0.9", "pa"),
            ("ur-IN", "ur"),
        ):
            phone = await Phone(make_main(lambda: repo), accept_language=header).start("/settings")
            assert phone.find(f"language-{code}").selected and phone.page.rtl is (code == "ur")

    run(go())
