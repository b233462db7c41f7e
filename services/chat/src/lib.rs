//! chat: see README.md. The named places are those of every service (docs/service-shape.md).

pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod events;
pub mod grpc;
pub mod startup;
pub mod usecases;
