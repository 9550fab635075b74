#!/usr/bin/env python3
"""A local SMTP server for the tests (aiosmtpd, from PyPI).

Every message it accepts is written to DIR as NNNN.eml (the bytes received)
and then NNNN.json: the envelope, and the headers and text as Python's own
email package decodes them (an independent reading of what the API sent).
Prints the port it listens on, then serves until killed.

    python3 tests/support/smtp_sink.py --dir DIR [--port PORT]
"""

from __future__ import annotations

import argparse
import asyncio
import email
import email.policy
import json
import os
import sys

try:
    from aiosmtpd.smtp import SMTP
except ImportError:
    sys.stderr.write(
        "smtp_sink.py: the Python package aiosmtpd is missing; scripts/test installs it, or run\n"
        "  python3 -m pip install --target ~/.cache/pixmart/python aiosmtpd==1.4.6\n"
    )
    sys.exit(3)


class Sink:
    def __init__(self, directory: str) -> None:
        self.directory = directory
        self.count = 0

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's hook name)
        self.count += 1
        base = os.path.join(self.directory, f"{self.count:04}")
        raw = envelope.original_content or envelope.content
        with open(base + ".eml", "wb") as f:
            f.write(raw)
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        info = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "from": str(msg["from"]),
            "to": str(msg["to"]),
            "subject": str(msg["subject"]),
            "date": msg["date"] and str(msg["date"]),
            "message_id": msg["message-id"] and str(msg["message-id"]),
            "content_type": msg.get_content_type(),
            "charset": msg.get_content_charset(),
            "text": msg.get_content(),
        }
        # Written whole, then renamed: a reader never sees half a file.
        with open(base + ".json.tmp", "w", encoding="utf-8") as f:
            json.dump(info, f, ensure_ascii=False)
        os.replace(base + ".json.tmp", base + ".json")
        return "250 Message accepted for delivery"


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    sink = Sink(args.dir)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(sink, hostname="smtp-sink.test"), args.host, args.port)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
