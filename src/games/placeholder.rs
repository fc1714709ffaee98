//! Stand-in for a game whose rules are not written yet: it cannot be constructed, so nothing
//! can reach its methods. Removed once all five games exist.

/// Declares a game type that [`crate::games::AnyGame::new`] refuses to build.
macro_rules! placeholder_game {
    ($name:ident, $kind:expr) => {
        /// Not available yet: construction always fails.
        #[derive(Clone, Debug)]
        pub struct $name(std::convert::Infallible);

        impl $name {
            /// Always fails: this game is not implemented yet.
            pub fn new(_: &crate::games::GameOptions) -> Result<Self, String> {
                Err(format!("{} is not available in this build yet", $kind))
            }
        }

        impl crate::games::Game for $name {
            fn kind(&self) -> crate::games::GameKind {
                match self.0 {}
            }
            fn geometry(&self) -> &'static crate::board::Geometry {
                match self.0 {}
            }
            fn to_move(&self) -> crate::games::Side {
                match self.0 {}
            }
            fn is_over(&self) -> bool {
                match self.0 {}
            }
            fn outcome(&self) -> Option<crate::games::Outcome> {
                match self.0 {}
            }
            fn legal_steps(&self, _: &mut Vec<crate::games::Step>) {
                match self.0 {}
            }
            fn check(&self, _: crate::games::Step) -> Result<(), crate::games::Illegal> {
                match self.0 {}
            }
            fn play(&mut self, _: crate::games::Step) {
                match self.0 {}
            }
            fn undo(&mut self) -> Option<crate::games::Step> {
                match self.0 {}
            }
            fn hash(&self) -> u64 {
                match self.0 {}
            }
            fn stone_at(&self, _: crate::board::Cell) -> Option<crate::games::Stone> {
                match self.0 {}
            }
            fn turns_completed(&self) -> usize {
                match self.0 {}
            }
            fn steps_in_turn(&self) -> usize {
                match self.0 {}
            }
            fn result_text(&self) -> Option<String> {
                match self.0 {}
            }
            fn parse_step(&self, _: &str) -> Result<crate::games::Step, String> {
                match self.0 {}
            }
            fn format_step(&self, _: crate::games::Step) -> String {
                match self.0 {}
            }
            fn parse_turn(&self, _: &str) -> Result<Vec<crate::games::Step>, String> {
                match self.0 {}
            }
            fn format_turn(&self, _: &[crate::games::Step]) -> String {
                match self.0 {}
            }
            fn state_json(&self) -> serde_json::Value {
                match self.0 {}
            }
        }
    };
}
pub(crate) use placeholder_game;
