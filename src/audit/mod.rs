//! Batch audit of recorded games: walk the inputs, judge every game in
//! parallel, report one row per game in input order.

pub mod pipeline;
pub mod report;
pub mod row;
pub mod walk;
