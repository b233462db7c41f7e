//! fortune-gen through gRPC, in-process on free ports, with its own schema (PostgreSQL) and Redis
//! key prefix, and a fake social (an in-process tonic server). Charts are stored through the test
//! kit, so no identity or bazi-engine runs here; the flows that need those live in
//! services/fleet-tests. One test binary (STYLE §9).

mod friend_updates;
mod helpers;
mod staff;
