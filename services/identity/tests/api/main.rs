//! identity through gRPC, against real PostgreSQL (a fresh schema per test) and Redis (a fresh key
//! prefix per test). One test binary (STYLE §9).

mod account;
mod birth_profile;
mod birth_time;
mod consent;
mod helpers;
mod login;
mod members;
mod migrations;
mod reset;
mod sign_up;
mod timezone;
mod username;
mod verify;
