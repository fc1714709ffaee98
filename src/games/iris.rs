//! Iris: not written yet (see the issue that delivers it).

crate::games::placeholder::placeholder_game!(Iris, "iris");
