//! The standard process metrics (the names every Prometheus client library uses), read from
//! `/proc/self` by the metrics upkeep thread: memory, CPU time, open files and start time. On a
//! system without `/proc` nothing is recorded.
//!
//! | name | type |
//! |---|---|
//! | `process_resident_memory_bytes` | gauge |
//! | `process_virtual_memory_bytes` | gauge |
//! | `process_cpu_seconds_total` | counter (user + system, whole seconds) |
//! | `process_open_fds` | gauge |
//! | `process_max_fds` | gauge |
//! | `process_start_time_seconds` | gauge (Unix time the recorder was installed, i.e. start-up) |
//! | `process_threads` | gauge |

use std::time::{SystemTime, UNIX_EPOCH};

/// One reading of the process' figures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Reading {
    pub resident_bytes: u64,
    pub virtual_bytes: u64,
    /// User + system CPU time, in clock ticks.
    pub cpu_ticks: u64,
    pub threads: u64,
}

/// Linux' USER_HZ, which /proc reports CPU times in: 100 on every architecture Linux supports
/// for user space (the kernel's internal HZ may differ; the ABI does not).
const TICKS_PER_SECOND: u64 = 100;

/// Reads `/proc/self/status`' VmRSS/VmSize/Threads and `/proc/self/stat`'s utime + stime.
pub(crate) fn parse(status: &str, stat: &str) -> Option<Reading> {
    let field = |name: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        line[name.len()..].split_whitespace().next()?.parse().ok()
    };
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    let after_name = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Reading {
        resident_bytes: field("VmRSS:")? * 1024,
        virtual_bytes: field("VmSize:")? * 1024,
        cpu_ticks: utime + stime,
        threads: field("Threads:")?,
    })
}

/// The soft limit on open files, from `/proc/self/limits`.
fn max_fds(limits: &str) -> Option<u64> {
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..].split_whitespace().next()?.parse().ok()
}

/// Records the start time once (at start-up, when the recorder is installed).
pub(crate) fn record_start() {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs_f64()).unwrap_or(0.0);
    metrics::gauge!("process_start_time_seconds").set(now);
    metrics::describe_gauge!(
        "process_start_time_seconds",
        "Start time of the process since the Unix epoch, in seconds"
    );
    metrics::describe_gauge!("process_resident_memory_bytes", "Resident memory size in bytes");
    metrics::describe_gauge!("process_virtual_memory_bytes", "Virtual memory size in bytes");
    metrics::describe_counter!("process_cpu_seconds_total", "Total user and system CPU time spent, in seconds");
    metrics::describe_gauge!("process_open_fds", "Number of open file descriptors");
    metrics::describe_gauge!("process_max_fds", "Maximum number of open file descriptors");
    metrics::describe_gauge!("process_threads", "Number of OS threads in the process");
    // The soft limit is set before start-up and not changed by the process: read once.
    if let Some(max) = std::fs::read_to_string("/proc/self/limits").ok().as_deref().and_then(max_fds) {
        #[allow(clippy::cast_precision_loss)]
        metrics::gauge!("process_max_fds").set(max as f64);
    }
    record();
}

/// Reads /proc/self and sets the changing gauges (called every few seconds by the upkeep thread).
pub(crate) fn record() {
    let (Ok(status), Ok(stat)) =
        (std::fs::read_to_string("/proc/self/status"), std::fs::read_to_string("/proc/self/stat"))
    else {
        return;
    };
    if let Some(reading) = parse(&status, &stat) {
        #[allow(clippy::cast_precision_loss)] // byte counts far below 2^53
        {
            metrics::gauge!("process_resident_memory_bytes").set(reading.resident_bytes as f64);
            metrics::gauge!("process_virtual_memory_bytes").set(reading.virtual_bytes as f64);
            metrics::gauge!("process_threads").set(reading.threads as f64);
            // The metrics crate's counters are integers: whole seconds (rate() over a minute is precise enough).
            metrics::counter!("process_cpu_seconds_total").absolute(reading.cpu_ticks / TICKS_PER_SECOND);
        }
    }
    if let Ok(entries) = std::fs::read_dir("/proc/self/fd") {
        #[allow(clippy::cast_precision_loss)]
        metrics::gauge!("process_open_fds").set(entries.count() as f64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STATUS: &str =
        "Name:\tgateway\nState:\tS (sleeping)\nVmSize:\t  123456 kB\nVmRSS:\t   20480 kB\nThreads:\t9\n";
    // A command name with a space and a parenthesis, as /proc allows.
    const STAT: &str =
        "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 1200 0 0 0 250 50 0 0 20 0 9 0 12345 126418944 5120";

    #[test]
    fn reads_memory_threads_and_cpu_ticks_whatever_the_command_name() {
        let reading = parse(STATUS, STAT).expect("a reading");
        assert_eq!(
            reading,
            Reading { resident_bytes: 20_480 * 1024, virtual_bytes: 123_456 * 1024, cpu_ticks: 300, threads: 9 }
        );
    }

    #[test]
    fn a_truncated_stat_line_gives_no_reading() {
        assert_eq!(parse(STATUS, "4242 (gateway) S 1 2 3"), None);
        assert_eq!(parse("Name:\tx\n", STAT), None);
    }

    #[test]
    fn reads_the_soft_limit_of_open_files() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max cpu time              unlimited            unlimited            seconds   \n\
                      Max open files            1024                 524288               files     \n";
        assert_eq!(max_fds(limits), Some(1024));
    }

    #[test]
    fn this_process_can_be_read() {
        let status = std::fs::read_to_string("/proc/self/status").expect("linux");
        let stat = std::fs::read_to_string("/proc/self/stat").expect("linux");
        let reading = parse(&status, &stat).expect("a reading of this process");
        assert!(reading.resident_bytes > 0 && reading.threads >= 1);
    }
}
