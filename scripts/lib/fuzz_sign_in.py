"""Signs a fresh account in on a development-mode API and prints its bearer
token: captcha (answer from the development outbox), SMS code, SMS login.
Used by the contract fuzz run (scripts/lib/fuzz_api.sh). Standard library only."""

import json
import sys
import urllib.request

base, phone = sys.argv[1].rstrip("/"), sys.argv[2]


def call(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.load(res) if res.headers.get_content_type() == "application/json" else None


urllib.request.urlopen(f"{base}/api/auth/captcha?mobileId={phone}", timeout=30).read()
answer = call("GET", f"/api/dev/captcha?mobileId={phone}")["data"]["code"]
call("POST", "/api/auth/captcha/verify", {"mobileId": phone, "code": answer})
call("POST", "/api/auth/sms-code", {"mobileId": phone})
code = call("GET", f"/api/dev/outbox?to={phone}")["data"][0]["code"]
signed_in = call("POST", "/api/auth/login", {"loginType": "sms_code", "mobileId": phone, "verifyCode": code})
print(signed_in["data"]["token"])
