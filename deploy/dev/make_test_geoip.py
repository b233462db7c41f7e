#!/usr/bin/env python3
"""Writes a tiny GeoLite2-City-format database for tests (PyPI's mmdb-writer; .ci/run installs it):

    python3 deploy/dev/make_test_geoip.py OUT.mmdb

Networks (documentation ranges, RFC 5737 / 3849):
  203.0.113.0/24   JP 東京 (Tokyo)
  198.51.100.0/24  US New York
  2001:db8:abcd::/48  JP 大阪 (Osaka)
Anything else is not in it (country and city stay empty)."""

import sys

from mmdb_writer import MMDBWriter
from netaddr import IPSet


def city(iso: str, country_en: str, country_ja: str, city_en: str, city_ja: str | None) -> dict:
    names = {"en": city_en}
    if city_ja:
        names["ja"] = city_ja
    return {
        "country": {"iso_code": iso, "names": {"en": country_en, "ja": country_ja}},
        "city": {"names": names},
    }


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    writer = MMDBWriter(ip_version=6, ipv4_compatible=True, database_type="GeoLite2-City",
                        languages=["en", "ja"], description="Meguri test GeoIP")
    writer.insert_network(IPSet(["203.0.113.0/24"]), city("JP", "Japan", "日本", "Tokyo", "東京"))
    writer.insert_network(IPSet(["198.51.100.0/24"]), city("US", "United States", "アメリカ合衆国", "New York", None))
    writer.insert_network(IPSet(["2001:db8:abcd::/48"]), city("JP", "Japan", "日本", "Osaka", "大阪"))
    writer.to_db_file(sys.argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
