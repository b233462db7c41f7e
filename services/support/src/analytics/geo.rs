//! Country and city of a visit from a GeoLite2-format database (`GEOIP_DB`), read with maxminddb.
//! The address looked up is the truncated one the gateway sent (a /24 or /48 network's first
//! address): the whole address never reaches support. Without a database both stay empty.

use std::net::IpAddr;
use std::path::Path;

use anyhow::Context as _;

/// Where a visit came from; `None` fields when unknown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// ISO 3166-1 alpha-2, e.g. `JP`.
    pub country: Option<String>,
    /// The city's Japanese name when the database has one, else its English name.
    pub city: Option<String>,
}

/// A loaded database, or none.
pub struct Geo(Option<maxminddb::Reader<Vec<u8>>>);

impl Geo {
    /// No database: every place is unknown.
    #[must_use]
    pub const fn none() -> Self {
        Self(None)
    }

    /// Reads the database at `path` into memory.
    ///
    /// # Errors
    /// The file cannot be read or is not a MaxMind DB.
    pub fn open(path: &Path) -> anyhow::Result<Self> {
        let reader =
            maxminddb::Reader::open_readfile(path).with_context(|| format!("GEOIP_DB: read {}", path.display()))?;
        Ok(Self(Some(reader)))
    }

    /// The place of `ip_prefix` (text as the gateway sent it); unknown for an empty or invalid one.
    #[must_use]
    pub fn place(&self, ip_prefix: &str) -> Place {
        let (Some(reader), Ok(ip)) = (&self.0, ip_prefix.parse::<IpAddr>()) else { return Place::default() };
        let city = reader.lookup(ip).ok().and_then(|r| r.decode::<maxminddb::geoip2::City>().ok().flatten());
        let Some(city) = city else { return Place::default() };
        let name = city.city.names.japanese.or(city.city.names.english);
        Place { country: city.country.iso_code.map(str::to_owned), city: name.map(str::to_owned) }
    }
}
