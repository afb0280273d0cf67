#!/usr/bin/env python3
"""`make bench`'s catalogue import (issue 44): exports the seeded shop's products as CSV, takes
the first 10,000 rows (whole products only, so no size is left out and removed), adds one to
every row's stock (each size is then a guarded stock change, the import's most expensive
write), and times the dry run and the import of that file. Prints one RESULT line.

Usage: import-sheet.py BASE_URL ADMIN_TOKEN [ROWS]
"""

import csv
import io
import json
import sys
import time
import urllib.request


def call(url, token, data=None):
    request = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET")
    request.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        request.add_header("Content-Type", "text/csv")
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=600) as reply:
            body = reply.read()
            status = reply.status
    except urllib.error.HTTPError as refused:
        body, status = refused.read(), refused.code
    return status, body, time.monotonic() - started


def main():
    base, token = sys.argv[1], sys.argv[2]
    wanted = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
    status, body, export_s = call(f"{base}/api/admin/products/export.csv", token)
    if status != 200:
        sys.exit(f"export answered {status}: {body[:200]!r}")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8"))))
    header, rows = rows[0], rows[1:]
    handle, stock = header.index("handle"), header.index("stock")
    # Whole products only: cut where the handle changes after the wanted count.
    cut = min(wanted, len(rows))
    while 0 < cut < len(rows) and rows[cut][handle] == rows[cut - 1][handle]:
        cut -= 1
    taken = rows[:cut]
    for row in taken:
        row[stock] = str(int(row[stock]) + 1)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(taken)
    sheet = out.getvalue().encode("utf-8")
    products = len({row[handle] for row in taken})

    status, body, dry_s = call(f"{base}/api/admin/products/import?dryRun=true", token, sheet)
    report = json.loads(body)
    if status != 200 or report["errors"]:
        sys.exit(f"dry run answered {status}: {body[:300]!r}")
    status, body, import_s = call(f"{base}/api/admin/products/import", token, sheet)
    report = json.loads(body)
    if status != 200 or report["update"] != products:
        sys.exit(f"import answered {status}: {body[:300]!r}")
    print(
        f"RESULT rows={len(taken)} products={products} bytes={len(sheet)} "
        f"export_s={export_s:.2f} dry_run_s={dry_s:.2f} import_s={import_s:.2f} "
        f"updated={report['update']}"
    )


if __name__ == "__main__":
    main()
