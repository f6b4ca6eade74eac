#!/usr/bin/env python3
"""First calls against the Business API simulator, with the Python standard library only.

Creates an isolated account through the control plane, takes a token, finds a site, a service, an
employee who performs it, a client and a free time, books the appointment, and checks that the
account's request journal holds the booking.

    python3 examples/python/first_calls.py http://127.0.0.1:4010
    python3 examples/python/first_calls.py https://sim.example.com --admin-token "$TOKEN"

The admin token is needed only when the simulator was started with one (it binds beyond
loopback); it may also come from BUSINESS_API_SIM_ADMIN_TOKEN. Exits 0 when every step worked.
"""

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

EMPTY_GUID = "00000000-0000-0000-0000-000000000000"


class CallFailed(Exception):
    pass


def send(method, url, body=None, token=None):
    """One JSON call: the parsed answer (None when empty); any status outside 2xx raises CallFailed."""
    headers = {"Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode("utf-8")
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        raise CallFailed(f"{method} {url}: {error.code} {error.read().decode('utf-8', 'replace')}") from None
    return json.loads(text) if text else None


def query(**values):
    # Required-by-name parameters must be present even when empty, so empty values are kept.
    return urllib.parse.urlencode(values)


def first(items, what, test=lambda item: True):
    for item in items:
        if test(item):
            return item
    raise CallFailed(f"no {what} found")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the simulator's base URL, e.g. http://127.0.0.1:4010")
    parser.add_argument("--admin-token", default=os.environ.get("BUSINESS_API_SIM_ADMIN_TOKEN"))
    args = parser.parse_args()
    base = args.base.rstrip("/")

    # 1. An isolated account (its own world, clock and journal): the control plane, camelCase JSON.
    account = send("POST", f"{base}/__admin/accounts", {"size": "small"}, args.admin_token)
    api = account["baseUrl"]  # <base>/accounts/<name>
    print(f"account {account['name']} at {api}")

    # 2. A token for the account's seeded credential (lasts six months: store and reuse it).
    credential = {"clientId": account["clientId"], "secret": account["secret"]}
    token = send("POST", f"{api}/api/v2/token", credential)["access_token"]

    # 3. A site, a service it offers online, an employee who performs it, and a client.
    site = first(send("GET", f"{api}/api/v2/sites?{query(state='Active')}", token=token), "active site")
    site_id = site["SiteId"]
    services = send("GET", f"{api}/api/v2/services?{query(siteId=site_id)}", token=token)
    employees = send("GET", f"{api}/api/v2/employees?{query(siteId=site_id)}", token=token)

    def performed(service):
        return any(e["BookOnline"] and service["ServiceId"] in e["ServiceIds"] for e in employees)

    service = first(services, "service booked online", lambda s: s["BookOnline"] and performed(s))
    employee = first(employees, "employee", lambda e: e["BookOnline"] and service["ServiceId"] in e["ServiceIds"])
    client = first(send("GET", f"{api}/api/v2/clients?{query(siteId=site_id)}", token=token), "client")
    print(f"site {site['Name']}, service {service['Name']}, employee {employee['FirstName']} {employee['LastName']}")

    # 4. Days with room for the service, then the first free time with that employee. Each time
    #    carries Start, End and, for the i-th service asked for, Employees[i] and Resources[i]
    #    (the empty Guid for a service needing no resource): the cart is built from those.
    dates = query(siteId=site_id, services=service["ServiceId"], packages="")
    days = send("GET", f"{api}/api/v2/appointments/availabledates?{dates}", token=token)
    slot = None
    for n, day in enumerate(days[:14]):
        if n > 0:
            time.sleep(0.3)  # at most 4 calls a second to one endpoint, or it locks out for 120 s
        times = query(
            siteId=site_id,
            day=day[:10],
            services=service["ServiceId"],
            packageId="",
            employeeIds=employee["EmployeeId"],
            clientId=client["ClientId"],
            serviceSequence=0,
        )
        found = send("GET", f"{api}/api/v2/appointments/availabletimes?{times}", token=token)
        if found:
            slot = found[0]
            break
    if slot is None:
        raise CallFailed(f"no free time with {employee['FirstName']} in the next {len(days[:14])} open days")

    # 5. Book it (booking itself does not check availability: availabletimes or validate is the check).
    booking = {
        "AppointmentId": EMPTY_GUID,  # a new appointment
        "ClientId": client["ClientId"],
        "AppointmentServices": [
            {
                "ServiceId": service["ServiceId"],
                "Start": slot["Start"],
                "End": slot["End"],
                "Employees": [slot["Employees"][0]],
                "Resources": [slot["Resources"][0]],
            }
        ],
    }
    written = send("POST", f"{api}/api/v2/appointments?{query(siteId=site_id)}", booking, token)
    print(f"booked appointment {written['Value']} at {slot['Start']}")

    # 6. The account's journal holds the booking call.
    journal = query(method="POST", path="/api/v2/appointments")
    calls = send("GET", f"{base}/__admin/accounts/{account['name']}/requests?{journal}", token=args.admin_token)
    if not any(call["status"] == 200 for call in calls):
        raise CallFailed(f"the journal has no answered POST /api/v2/appointments: {calls}")
    print(f"journal: {len(calls)} POST /api/v2/appointments, answered {calls[-1]['status']}")
    print("ok")


if __name__ == "__main__":
    try:
        main()
    except (CallFailed, urllib.error.URLError) as error:
        print(f"failed: {error}", file=sys.stderr)
        sys.exit(1)
