"""Remote play's connection (issue 29): two browsers open a direct data channel through an invite code and
an answer code alone, the codes are short enough for a QR code, and a bad code is refused in words.

Two contexts of one headless Chromium stand for the two devices; on loopback ICE needs no STUN server, so
the pages are told none. The modules are imported into a page of the site (any same-origin document).
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from saloon_site import LOAD_TIMEOUT_MS, ROOT

PEER = "/js/remote/peer.js"
CODE = "/js/remote/signal-code.js"
QR = "/js/remote/qr-code.js"
DECODER = ROOT / "node_modules" / "@paulmillr" / "qr" / "esm"  # the same package's reader, for the test only
MAX_CODE_CHARS = 200  # with the site's address, a QR code a phone reads at arm's length


@pytest.fixture
def devices(chromium: Any, site_url: str) -> Iterator[tuple[Any, Any]]:
    """Two pages in two browser contexts (two devices), each on a page of the site."""
    contexts = [chromium.new_context(), chromium.new_context()]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(LOAD_TIMEOUT_MS)
        page.goto(f"{site_url}/manifest.json")
    yield pages[0], pages[1]
    for context in contexts:
        context.close()


def test_two_devices_connect_through_an_invite_code_and_an_answer_code(devices: tuple[Any, Any], site_url: str) -> None:
    host, guest = devices
    invite = host.evaluate("""async (url) => {
        const { makeInvite } = await import(url);
        window.invite = await makeInvite({ iceServers: [] });
        return window.invite.code;
    }""", site_url + PEER)
    assert 60 < len(invite) <= MAX_CODE_CHARS, invite
    answer = guest.evaluate("""async ([url, code]) => {
        const { answerInvite } = await import(url);
        const answer = await answerInvite(code, { iceServers: [] });
        window.heard = [];
        answer.channel.then((channel) => {
            channel.onmessage = (event) => { window.heard.push(event.data); channel.send("howdy back"); };
        });
        return answer.code;
    }""", [site_url + PEER, invite])
    assert 60 < len(answer) <= MAX_CODE_CHARS, answer
    heard = host.evaluate("""async (code) => {
        const channel = await window.invite.accept(code);
        const reply = new Promise((resolve) => { channel.onmessage = (event) => resolve(event.data); });
        channel.send("howdy");
        return reply;
    }""", answer)
    assert heard == "howdy back"
    assert guest.evaluate("window.heard") == ["howdy"]


def test_a_code_for_the_wrong_side_or_a_damaged_one_is_refused_in_words(devices: tuple[Any, Any], site_url: str) -> None:
    host, _ = devices
    messages = host.evaluate("""async ([peerUrl]) => {
        const { makeInvite, answerInvite } = await import(peerUrl);
        const invite = await makeInvite({ iceServers: [] });
        const tries = {
            invite_as_answer: () => invite.accept(invite.code),
            not_a_code: () => answerInvite("this is not a code!", { iceServers: [] }),
            cut_short: () => answerInvite(invite.code.slice(0, 30), { iceServers: [] }),
            other_version: () => answerInvite("Ag" + invite.code.slice(2), { iceServers: [] }),
            too_long: () => answerInvite(invite.code + "AAAA", { iceServers: [] }),
        };
        const said = {};
        for (const [name, attempt] of Object.entries(tries)) {
            try { await attempt(); said[name] = "accepted"; } catch (error) { said[name] = `${error.name}: ${error.message}`; }
        }
        invite.close();
        return said;
    }""", [site_url + PEER])
    assert messages["invite_as_answer"].endswith("That is an invite, not your friend's answer: paste the code their "
                                                 "page showed after they opened your invite.")
    assert messages["not_a_code"].endswith("That is not a saloon code: it holds other characters.")
    assert messages["cut_short"].endswith("The code is cut short: copy all of it.")
    assert messages["other_version"].endswith("The code comes from another version of the saloon: both of you reload the page.")
    assert messages["too_long"].endswith("The code is not one the saloon made.")


def test_every_kind_of_address_survives_the_code(devices: tuple[Any, Any], site_url: str) -> None:
    """IPv4, IPv6 (shortened with ::) and the mDNS names Chromium hides local addresses behind, of each
    candidate type; TCP candidates and second components are left out (a data channel needs neither)."""
    host, _ = devices
    fingerprint = ":".join(f"{n:02X}" for n in range(32))
    sdp = "\r\n".join([
        "v=0", "o=- 5 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "a=candidate:1 1 udp 2113937151 0d6f3c52-8a7e-4f21-9c3b-2e5d6a7b8c9d.local 50000 typ host",
        "a=candidate:2 1 udp 1677729535 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0",
        "a=candidate:3 1 udp 1677729535 2001:db8::1:0:5 62000 typ srflx",
        "a=candidate:4 1 udp 33562623 198.51.100.2 3478 typ relay",
        "a=candidate:5 1 tcp 1518280447 192.0.2.1 9 typ host tcptype active",
        "a=candidate:6 2 udp 2113937150 192.0.2.1 50001 typ host",
        "a=ice-ufrag:Ab3+", "a=ice-pwd:0123456789abcdef+/ABCDEF", f"a=fingerprint:sha-256 {fingerprint}",
        "a=setup:actpass", "a=mid:0", ""])
    back = host.evaluate("""async ([url, sdp]) => {
        const { packDescription, unpackDescription, readSignal } = await import(url);
        const code = packDescription({ type: "offer", sdp });
        const again = unpackDescription(code);
        const signal = readSignal(again);
        return { code, type: again.type, signal: { ...signal, fingerprint: [...signal.fingerprint] } };
    }""", [site_url + CODE, sdp])
    assert back["type"] == "offer"
    signal = back["signal"]
    assert (signal["ufrag"], signal["pwd"], signal["role"], signal["answer"]) == ("Ab3+", "0123456789abcdef+/ABCDEF", "actpass", False)
    assert signal["fingerprint"] == list(range(32))
    assert signal["candidates"] == [
        {"type": "host", "address": "0d6f3c52-8a7e-4f21-9c3b-2e5d6a7b8c9d.local", "port": 50000},
        {"type": "srflx", "address": "203.0.113.7", "port": 61000},
        {"type": "srflx", "address": "2001:db8:0:0:0:1:0:5", "port": 62000},
        {"type": "relay", "address": "198.51.100.2", "port": 3478},
    ]
    assert len(back["code"]) <= MAX_CODE_CHARS


def test_an_invite_link_drawn_as_a_qr_code_reads_back_and_stays_small(devices: tuple[Any, Any], site_url: str) -> None:
    """The invite link of a real offer, drawn by the page, read back by a QR reader from the canvas's pixels:
    the same link, in a code of at most 57 modules a side (version 10), which a phone reads off a screen."""
    host, _ = devices
    host.route("**/test-decoder/*.js", lambda route: route.fulfill(
        path=str(DECODER / route.request.url.rsplit("/", 1)[1]), content_type="text/javascript"))
    result = host.evaluate("""async ([peerUrl, qrUrl, decoderUrl, site]) => {
        const { makeInvite } = await import(peerUrl);
        const { drawQrCode } = await import(qrUrl);
        const { decodeQR } = await import(decoderUrl);
        const invite = await makeInvite({ iceServers: [] });
        const link = `${site}/#join=${invite.code}`;
        invite.close();
        const canvas = document.createElement("canvas");
        const side = drawQrCode(canvas, link, 240);
        const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
        return { link, side, read: decodeQR({ width: pixels.width, height: pixels.height, data: pixels.data }) };
    }""", [site_url + PEER, site_url + QR, site_url + "/test-decoder/decode.js", site_url])
    assert result["read"] == result["link"]
    assert result["side"] <= 57, result
