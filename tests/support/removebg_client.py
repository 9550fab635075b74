"""Drives remove.bg's Python client from PyPI (`removebg`, unmodified)
against a pixmart server. The only change is where it sends requests: its
module constant API_ENDPOINT, which every call reads, is pointed at pixmart.

Prints one JSON line: {"status": 200, "written": PATH} on success, or the
HTTP status and JSON body of the error the client raised.
"""

import argparse
import base64
import json
import sys

import requests
import removebg.removebg as client_module
from removebg import RemoveBg


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--base-url", required=True)
    p.add_argument("--api-key", required=True)
    p.add_argument("--image", required=True)
    p.add_argument("--mode", choices=["file", "base64"], default="file")
    p.add_argument("--out", help="the file the base64 call writes")
    p.add_argument("--size", default="regular")
    p.add_argument("--bg-color")
    p.add_argument("--error-log", required=True)
    a = p.parse_args()

    client_module.API_ENDPOINT = a.base_url.rstrip("/") + "/v1.0/removebg"
    client = RemoveBg(a.api_key, a.error_log)
    try:
        if a.mode == "file":
            client.remove_background_from_img_file(a.image, size=a.size, bg_color=a.bg_color)
            written = a.image + "_no_bg.png"
        else:
            with open(a.image, "rb") as f:
                b64 = base64.b64encode(f.read()).decode("ascii")
            client.remove_background_from_base64_img(b64, size=a.size, new_file_name=a.out, bg_color=a.bg_color)
            written = a.out
    except requests.HTTPError as e:
        r = e.response
        try:
            body = r.json()
        except ValueError:
            body = r.text
        print(json.dumps({"status": r.status_code, "body": body}))
        return 0
    print(json.dumps({"status": 200, "written": written}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
