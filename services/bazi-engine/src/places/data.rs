//! The embedded gazetteer file (`data/places/places.tsv.gz`, written by `build_places.py`) and
//! its parser. The column layout is documented at the top of that script.

use std::fmt;
use std::io::Read;

use flate2::read::GzDecoder;

use super::{CoordSource, LabelStyle, Place, PlaceKind};

const DATA_GZ: &[u8] = include_bytes!("../../data/places/places.tsv.gz");
const COLUMNS: usize = 15;

/// One parsed line: the place plus its extra search keys, still `|`-separated and unnormalised.
pub(crate) struct Row {
    pub(crate) place: Place,
    pub(crate) name_keys: &'static str,
    pub(crate) alias_keys: &'static str,
}

/// Why the embedded file could not be read. Only a broken build can produce one: the tests
/// load the file.
#[derive(Debug)]
pub(crate) struct DataError {
    line: usize,
    what: &'static str,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "places data line {}: {}", self.line, self.what)
    }
}

/// Decompresses the embedded file. The text is leaked on purpose: it is decompressed once per
/// process (behind a `OnceLock`) and every `Place` borrows its strings from it for `'static`.
pub(crate) fn embedded_text() -> Result<&'static str, DataError> {
    let mut text = String::with_capacity(4 << 20);
    GzDecoder::new(DATA_GZ)
        .read_to_string(&mut text)
        .map_err(|_| DataError { line: 0, what: "not gzip-compressed UTF-8" })?;
    Ok(Box::leak(text.into_boxed_str()))
}

/// Parses the whole file; comment lines start with `#`.
pub(crate) fn parse(text: &'static str) -> Result<Vec<Row>, DataError> {
    let mut rows = Vec::with_capacity(36_000);
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        rows.push(parse_line(line).map_err(|what| DataError { line: i + 1, what })?);
    }
    if rows.is_empty() {
        return Err(DataError { line: 0, what: "no rows" });
    }
    Ok(rows)
}

fn parse_line(line: &'static str) -> Result<Row, &'static str> {
    let mut cols = [""; COLUMNS];
    let mut n = 0;
    for col in line.split('\t') {
        if n == COLUMNS {
            return Err("too many columns");
        }
        cols[n] = col;
        n += 1;
    }
    if n != COLUMNS {
        return Err("too few columns");
    }
    let [
        kind,
        name_ja,
        kana,
        romaji,
        admin1,
        country_code,
        country_ja,
        lat,
        lon,
        tz,
        population,
        flags,
        coord,
        name_keys,
        alias_keys,
    ] = cols;
    let kind = match kind {
        "P" => PlaceKind::Prefecture,
        "M" => PlaceKind::Municipality,
        "W" => PlaceKind::Ward,
        "C" => PlaceKind::WorldCity,
        _ => return Err("unknown kind"),
    };
    let coord_source = match coord {
        "J" => CoordSource::JpGeocode,
        "G" => CoordSource::GeoNames,
        "P" => CoordSource::ParentCity,
        "C" => CoordSource::PrefecturalCapital,
        _ => return Err("unknown coordinate source"),
    };
    let latitude: f64 = lat.parse().map_err(|_| "bad latitude")?;
    let longitude: f64 = lon.parse().map_err(|_| "bad longitude")?;
    if !(-90.0..=90.0).contains(&latitude) || !(-180.0..=180.0).contains(&longitude) {
        return Err("coordinates out of range");
    }
    let population =
        if population.is_empty() { None } else { Some(population.parse::<u32>().map_err(|_| "bad population")?) };
    if name_ja.is_empty() || tz.is_empty() || country_code.len() != 2 {
        return Err("missing name, time zone or country");
    }
    let place = Place {
        name_ja,
        kana,
        romaji,
        kind,
        admin1_ja: admin1,
        country_ja,
        country_code,
        latitude,
        longitude,
        timezone: tz,
        population,
        approximate: flags.contains('a'),
        coord_source,
        label_style: LabelStyle { admin1: flags.contains('l'), coordinates: flags.contains('c') },
    };
    Ok(Row { place, name_keys, alias_keys })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_parses_into_a_place() {
        let line = "M\t行田市\tぎょうだし\tGyoda-shi\t埼玉県\tJP\t日本\t36.1389486\t139.4556427\tAsia/Tokyo\t86343\t\tJ\t行田|ぎょうだ\tgyoda";
        let row = parse_line(line).expect("valid line");
        assert_eq!(row.place.name_ja, "行田市");
        assert_eq!(row.place.kind, PlaceKind::Municipality);
        assert_eq!(row.place.population, Some(86343));
        assert!(!row.place.approximate);
        assert_eq!(row.name_keys, "行田|ぎょうだ");
    }

    #[test]
    fn malformed_lines_are_rejected() {
        assert!(parse_line("M\tx").is_err());
        let bad_lat = "C\tX\t\tX\t\tFR\tフランス\t91\t0\tEurope/Paris\t\t\tG\t\t";
        assert_eq!(parse_line(bad_lat).err(), Some("coordinates out of range"));
    }

    #[test]
    fn the_embedded_file_parses() {
        let rows = embedded_text().and_then(parse).expect("embedded data");
        assert!(rows.len() > 30_000, "{} rows", rows.len());
    }
}
