//! The bazi-engine service: gRPC in, the pure engine library, gRPC out.

pub mod config;
pub mod error;
pub mod grpc;
pub mod startup;
