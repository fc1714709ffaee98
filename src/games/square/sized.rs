//! One game type over two mask widths: the rules are written once, generic over the number
//! of 64-bit words `W` in a board mask; boards up to 11×11 (121 points) use two words, larger
//! ones six (19×19 = 361 points). Small masks make every flood fill and shift several times
//! cheaper on the default 9×9 board.

/// Whether an `n`×`n` board fits the two-word variant (121 points at 11×11).
pub fn two_words(n: usize) -> bool {
    n * n <= 128
}

/// Declares `$name`, an enum over `$generic<2>` (boards up to 11×11) and `$generic<6>`,
/// with `new` and the [`crate::games::Game`], [`crate::games::SearchHints`] and
/// [`crate::games::Describe`] traits forwarded to the variant.
macro_rules! sized_game {
    ($name:ident, $generic:ident, $title:literal) => {
        #[doc = concat!($title, " on any allowed board: two-word masks up to 11×11, six-word masks above.")]
        #[derive(Clone, Debug)]
        // Both variants stay inline: boxing the larger one would cost an allocation per clone
        // and a pointer chase per call, for a few hundred bytes saved on small boards.
        #[allow(clippy::large_enum_variant)]
        pub enum $name {
            /// Boards up to 11×11.
            Small($generic<2>),
            /// Boards from 12×12 to 19×19.
            Large($generic<6>),
        }

        /// Runs `$body` with `$g` bound to the variant's game.
        macro_rules! on_sized {
            ($self:expr, $g:ident => $body:expr) => {
                match $self {
                    $name::Small($g) => $body,
                    $name::Large($g) => $body,
                }
            };
        }

        impl $name {
            /// A new game; the error says which option is out of range.
            pub fn new(options: &$crate::games::GameOptions) -> Result<Self, $crate::games::SetupError> {
                if $crate::games::square::two_words(options.size) {
                    Ok($name::Small($generic::new(options)?))
                } else {
                    Ok($name::Large($generic::new(options)?))
                }
            }
        }

        impl $crate::games::Game for $name {
            fn kind(&self) -> $crate::games::GameKind {
                on_sized!(self, g => g.kind())
            }
            fn geometry(&self) -> &'static $crate::board::Geometry {
                on_sized!(self, g => g.geometry())
            }
            fn to_move(&self) -> $crate::games::Side {
                on_sized!(self, g => g.to_move())
            }
            fn is_over(&self) -> bool {
                on_sized!(self, g => g.is_over())
            }
            fn outcome(&self) -> Option<$crate::games::Outcome> {
                on_sized!(self, g => g.outcome())
            }
            fn legal_steps(&self, out: &mut Vec<$crate::games::Step>) {
                on_sized!(self, g => g.legal_steps(out))
            }
            fn check(&self, step: $crate::games::Step) -> Result<(), $crate::games::Illegal> {
                on_sized!(self, g => g.check(step))
            }
            fn play(&mut self, step: $crate::games::Step) {
                on_sized!(self, g => g.play(step))
            }
            fn undo(&mut self) -> Option<$crate::games::Step> {
                on_sized!(self, g => g.undo())
            }
            fn hash(&self) -> u64 {
                on_sized!(self, g => g.hash())
            }
            fn stone_at(&self, cell: $crate::board::Cell) -> Option<$crate::games::Stone> {
                on_sized!(self, g => g.stone_at(cell))
            }
            fn turns_completed(&self) -> usize {
                on_sized!(self, g => g.turns_completed())
            }
            fn steps_in_turn(&self) -> usize {
                on_sized!(self, g => g.steps_in_turn())
            }
            fn swapped(&self) -> bool {
                on_sized!(self, g => g.swapped())
            }
            fn points(&self) -> Option<[f64; 2]> {
                on_sized!(self, g => g.points())
            }
            fn result_text(&self) -> Option<String> {
                on_sized!(self, g => g.result_text())
            }
            fn parse_step(
                &self,
                text: &str,
            ) -> Result<$crate::games::Step, $crate::games::NotationError> {
                on_sized!(self, g => g.parse_step(text))
            }
            fn format_step(&self, step: $crate::games::Step) -> String {
                on_sized!(self, g => g.format_step(step))
            }
            fn parse_turn(
                &self,
                token: &str,
            ) -> Result<Vec<$crate::games::Step>, $crate::games::NotationError> {
                on_sized!(self, g => g.parse_turn(token))
            }
            fn format_turn(&self, steps: &[$crate::games::Step]) -> String {
                on_sized!(self, g => g.format_turn(steps))
            }
        }

        impl $crate::games::SearchHints for $name {
            fn final_owners(&self, out: &mut Vec<Option<$crate::games::Side>>) {
                on_sized!(self, g => $crate::games::SearchHints::final_owners(g, out))
            }
            fn random_step(
                &self,
                rng: &mut $crate::rng::FastRng,
                buf: &mut Vec<$crate::games::Step>,
            ) -> $crate::games::Step {
                on_sized!(self, g => $crate::games::SearchHints::random_step(g, rng, buf))
            }
        }

        impl $crate::games::NetInput for $name {
            fn net_shape(&self) -> Option<$crate::games::NetShape> {
                on_sized!(self, g => g.net_shape())
            }
            fn net_planes(&self, bits: &mut [u8], scalars: &mut [f32]) {
                on_sized!(self, g => g.net_planes(bits, scalars))
            }
            fn net_point(&self, cell: $crate::board::Cell) -> usize {
                on_sized!(self, g => g.net_point(cell))
            }
            fn net_index(&self, step: $crate::games::Step) -> Option<usize> {
                on_sized!(self, g => g.net_index(step))
            }
        }

        impl $crate::games::Describe for $name {
            fn state_json(&self) -> serde_json::Value {
                on_sized!(self, g => g.state_json())
            }
            fn status(&self) -> Vec<(&'static str, String)> {
                on_sized!(self, g => g.status())
            }
            fn score_breakdown(&self) -> Vec<String> {
                on_sized!(self, g => g.score_breakdown())
            }
            fn ownership(&self) -> Vec<Option<$crate::games::Mark>> {
                on_sized!(self, g => g.ownership())
            }
            fn claimed_by(&self, cell: $crate::board::Cell) -> Option<$crate::games::Side> {
                on_sized!(self, g => g.claimed_by(cell))
            }
            fn pair_label(&self, cell: $crate::board::Cell) -> Option<u16> {
                on_sized!(self, g => g.pair_label(cell))
            }
        }
    };
}
pub(crate) use sized_game;
