//! The games of the family, listed once.
//!
//! [`games!`](crate::games) below is the one place that names every game:
//! each line gives its name in the enums and its [`Rules`] type. From it
//! come [`Variant`], [`Game`], [`AnyDeal`], [`AnyView`] and [`AnyMatch`],
//! and [`each_game!`](crate::each_game) / [`map_game!`](crate::map_game),
//! by which every layer above runs the same code on whichever game it
//! holds. Everything else a layer needs of a game it asks the game's
//! traits ([`Rules`], [`HouseRules`], [`Deal`], [`GameView`]), so no code
//! outside a game's folder names the game, and the compiler checks that
//! every game gives all of it.
//!
//! [`Rules`]: crate::game_match::Rules
//! [`HouseRules`]: crate::game::HouseRules
//! [`Deal`]: crate::game::Deal
//! [`GameView`]: crate::game::GameView
//! [`Variant`]: crate::Variant
//! [`Game`]: crate::Game
//! [`AnyDeal`]: crate::AnyDeal
//! [`AnyView`]: crate::AnyView
//! [`AnyMatch`]: crate::AnyMatch

/// Calls the macro `$crate::$cb` with the list of games, then `$args`.
/// **The registry: a new game is one line here.**
#[doc(hidden)]
#[macro_export]
macro_rules! games {
    ($cb:ident $($args:tt)*) => {
        $crate::$cb! { [
            /// French Belote (seed 002): four players in two teams, or two
            /// or three each for himself.
            French = $crate::french::FrenchRules,
            /// Two-player Belot to 1001 (seed 001).
            TwoPlayer = $crate::two_player::TwoRules,
            /// Three-player Belot of the Black Sea ports (seed 000).
            ThreePlayer = $crate::three_player::ThreeRules,
        ] $($args)* }
    };
}

/// Runs `$e` on whichever game's value the enum `$Enum` (one of
/// [`Game`](crate::Game), [`AnyDeal`](crate::AnyDeal),
/// [`AnyView`](crate::AnyView), [`AnyMatch`](crate::AnyMatch)) holds,
/// bound to `$x`; `$e` is compiled once per game. With a type name
/// before the pattern, `$e` also sees the game's
/// [`Rules`](crate::game_match::Rules) under that name.
///
/// ```
/// use belot_core::{Game, each_game, game::HouseRules};
/// let g = Game::from_name("two-player").unwrap();
/// assert_eq!(each_game!(Game, &g, o => o.target()), 1001);
/// ```
#[macro_export]
macro_rules! each_game {
    ($Enum:ident, $value:expr, $T:ident, $x:pat => $e:expr) => {
        $crate::games!(__each_rules_arm[$Enum][$value][$T][$x][$e])
    };
    ($Enum:ident, $value:expr, $x:pat => $e:expr) => {
        $crate::games!(__each_arm[$Enum][$value][$x][$e])
    };
}

/// Maps a value of one game enum to another's, game by game: each arm's
/// `$e` (with `$x` bound) becomes the same game's variant of `$To`.
///
/// ```
/// use belot_core::{AnyMatch, Game, Seat, map_game};
/// let g = Game::from_name("three-player").unwrap();
/// let m = map_game!(Game => AnyMatch, &g, o => belot_core::GameMatch::from_seed(*o, Seat(0), 7)?);
/// assert_eq!(belot_core::Match::players(&m), 3);
/// # Ok::<(), belot_core::GameError>(())
/// ```
#[macro_export]
macro_rules! map_game {
    ($From:ident => $To:ident, $value:expr, $x:pat => $e:expr) => {
        $crate::games!(__map_arm[$From][$To][$value][$x][$e])
    };
}

/// Runs `$e` with the type `$R` naming the [`Rules`](crate::game_match::Rules)
/// of the game `$variant` (a [`Variant`](crate::Variant)).
#[macro_export]
macro_rules! with_rules {
    ($variant:expr, $R:ident => $e:expr) => {
        $crate::games!(__rules_arm[$variant][$R][$e])
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __each_arm {
    ([$($(#[$d:meta])* $V:ident = $R:path,)*] [$Enum:ident] [$value:expr] [$x:pat] [$e:expr]) => {
        match $value {
            $( $crate::$Enum::$V($x) => $e, )*
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __each_rules_arm {
    ([$($(#[$d:meta])* $V:ident = $R:path,)*] [$Enum:ident] [$value:expr] [$T:ident] [$x:pat]
     [$e:expr]) => {
        match $value {
            $( $crate::$Enum::$V($x) => {
                #[allow(unused)]
                use $crate::game_match::{Registered as _, Rules as _};
                #[allow(unused)]
                type $T = $R;
                $e
            } )*
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __map_arm {
    ([$($(#[$d:meta])* $V:ident = $R:path,)*] [$From:ident] [$To:ident] [$value:expr] [$x:pat]
     [$e:expr]) => {
        match $value {
            $( $crate::$From::$V($x) => $crate::$To::$V($e), )*
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __rules_arm {
    ([$($(#[$d:meta])* $V:ident = $R:path,)*] [$variant:expr] [$T:ident] [$e:expr]) => {
        match $variant {
            $( $crate::Variant::$V => {
                #[allow(unused)]
                use $crate::game_match::{Registered as _, Rules as _};
                #[allow(unused)]
                type $T = $R;
                $e
            } )*
        }
    };
}

/// The enums over the games, one variant per registry line.
#[doc(hidden)]
#[macro_export]
macro_rules! __game_enums {
    ([$($(#[$d:meta])* $V:ident = $R:path,)*]) => {
        /// Which game of the family: the one type the command line, score
        /// sheets, solver, server and records name a game by.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum Variant {
            $( $(#[$d])* $V, )*
        }

        /// How many games there are.
        const GAMES: usize = [$(stringify!($V)),*].len();

        impl Variant {
            /// Every game, in the order they are listed.
            pub const ALL: [Variant; GAMES] = [$(Variant::$V),*];

            /// The name records and the protocol use (`french`,
            /// `two_player`, …): the game's [`Rules::NAME`](crate::game_match::Rules::NAME).
            pub fn as_str(self) -> &'static str {
                match self {
                    $( Variant::$V => <$R as $crate::game_match::Rules>::NAME, )*
                }
            }
        }

        /// A game and its house rules. French Belote for three and for two
        /// players are games of their own: their names are `french-3` and
        /// `french-2`, and [`Game::players`] tells them apart.
        ///
        /// In JSON: `{"variant": "french", "options": {...}}` (options
        /// missing take their defaults).
        #[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
        #[serde(from = "GameRepr", into = "GameRepr")]
        pub enum Game {
            $( $(#[$d])* $V(<$R as $crate::game_match::Rules>::Options), )*
        }

        /// [`Game`]'s JSON form.
        #[derive(Clone, Copy, serde::Serialize, serde::Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[serde(tag = "variant", rename_all = "snake_case", deny_unknown_fields)]
        enum GameRepr {
            $( $(#[$d])* $V {
                #[serde(default, deserialize_with = "rules_object")]
                #[cfg_attr(feature = "openapi", schema(value_type = Object))]
                options: <$R as $crate::game_match::Rules>::Options,
            }, )*
        }

        /// A game's schema is its JSON form's.
        #[cfg(feature = "openapi")]
        impl utoipa::PartialSchema for Game {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                <GameRepr as utoipa::PartialSchema>::schema()
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::ToSchema for Game {}

        impl From<GameRepr> for Game {
            fn from(r: GameRepr) -> Game {
                match r {
                    $( GameRepr::$V { options } => Game::$V(options), )*
                }
            }
        }

        impl From<Game> for GameRepr {
            fn from(g: Game) -> GameRepr {
                match g {
                    $( Game::$V(options) => GameRepr::$V { options }, )*
                }
            }
        }

        /// A deal of any game, chosen at run time.
        #[derive(Clone, Debug)]
        pub enum AnyDeal {
            $( $(#[$d])* $V(<$R as $crate::game_match::Rules>::Deal), )*
        }

        /// What one seat sees of a deal of any game: never another seat's
        /// unplayed cards. In JSON, the game's own view.
        #[derive(Clone, Debug, serde::Serialize)]
        #[serde(untagged)]
        pub enum AnyView {
            $( $(#[$d])* $V(<<$R as $crate::game_match::Rules>::Deal as $crate::game::Deal>::View), )*
        }

        $(
            impl From<<<$R as $crate::game_match::Rules>::Deal as $crate::game::Deal>::View>
                for AnyView
            {
                fn from(v: <<$R as $crate::game_match::Rules>::Deal as $crate::game::Deal>::View)
                    -> AnyView
                {
                    AnyView::$V(v)
                }
            }
        )*

        /// Everything about a deal of any game, every hand included (for
        /// analysis and tests). In JSON, the game's own.
        #[derive(Clone, Debug, serde::Serialize)]
        #[serde(untagged)]
        pub enum AnyState {
            $( $(#[$d])* $V(<<$R as $crate::game_match::Rules>::Deal as $crate::game::Deal>::State), )*
        }

        /// The match of a session, of any game.
        #[derive(Clone, Debug)]
        pub enum AnyMatch {
            $( $(#[$d])* $V($crate::game_match::GameMatch<$R>), )*
        }

        /// One entry of a score sheet: a deal as the players count it at
        /// the table. In JSON, `{"kind": "<game>", ...}` with the game's
        /// own entry ([`Rules::Input`](crate::game_match::Rules::Input)),
        /// or `{"kind": "thrown_in"}` / `{"kind": "redeal"}`.
        #[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
        pub enum DealInput {
            $( $(#[$d])*
            #[cfg_attr(feature = "openapi", schema(value_type = Object))]
            $V(<$R as $crate::game_match::Rules>::Input), )*
            /// Everybody passed: no score, the deal moves on.
            ThrownIn,
            /// Two-player redeal claimed with four 7s or four 8s.
            Redeal,
        }

        impl DealInput {
            /// The game whose entry this is; none for a deal thrown in or
            /// redealt, which any game's sheet takes.
            pub fn variant(&self) -> Option<Variant> {
                match self {
                    $( DealInput::$V(_) => Some(Variant::$V), )*
                    DealInput::ThrownIn | DealInput::Redeal => None,
                }
            }
        }

        /// A deal as any game's ledger records it (a [`DealInput`]
        /// checked and converted).
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum AnyEntry {
            $( $(#[$d])* $V(<<$R as $crate::game_match::Rules>::Ledger as $crate::game_match::Ledger>::Entry), )*
        }

        /// Any game's running score.
        #[derive(Clone, PartialEq, Debug)]
        pub enum AnyLedger {
            $( $(#[$d])* $V(<$R as $crate::game_match::Rules>::Ledger), )*
        }

        impl AnyLedger {
            /// Records `entry` as the next row; `None` when it is another
            /// game's or another table's entry.
            pub fn push_entry(&mut self, entry: &AnyEntry) -> Option<$crate::report::RowReport> {
                use $crate::game_match::Ledger as _;
                match (self, entry) {
                    $( (AnyLedger::$V(l), AnyEntry::$V(e)) => l.push_entry(e).then(|| l.last_row())?, )*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        }

        $(
            impl $crate::game_match::Registered for $R {
                const VARIANT: Variant = Variant::$V;
                fn input(d: &DealInput) -> Option<&Self::Input> {
                    match d {
                        DealInput::$V(i) => Some(i),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
                fn wrap_input(i: Self::Input) -> DealInput {
                    DealInput::$V(i)
                }
                fn wrap_entry(
                    e: <<$R as $crate::game_match::Rules>::Ledger as $crate::game_match::Ledger>::Entry,
                ) -> AnyEntry {
                    AnyEntry::$V(e)
                }
                fn wrap_ledger(l: Self::Ledger) -> AnyLedger {
                    AnyLedger::$V(l)
                }
                fn game(options: Self::Options) -> Game {
                    Game::$V(options)
                }
                fn options_of(game: &Game) -> Option<Self::Options> {
                    match game {
                        Game::$V(o) => Some(*o),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
            }

            impl From<$crate::game_match::GameMatch<$R>> for AnyMatch {
                fn from(m: $crate::game_match::GameMatch<$R>) -> AnyMatch {
                    AnyMatch::$V(m)
                }
            }

            impl From<<$R as $crate::game_match::Rules>::Deal> for AnyDeal {
                fn from(d: <$R as $crate::game_match::Rules>::Deal) -> AnyDeal {
                    AnyDeal::$V(d)
                }
            }
        )*
    };
}

games!(__game_enums);

/// House rules are an object: serde's derive would also take an array,
/// its items read as the fields in order (`[1]` as the first rule).
fn rules_object<'de, D, O>(d: D) -> Result<O, D::Error>
where
    D: serde::Deserializer<'de>,
    O: serde::Deserialize<'de>,
{
    struct Rules<O>(std::marker::PhantomData<O>);
    impl<'de, O: serde::Deserialize<'de>> serde::de::Visitor<'de> for Rules<O> {
        type Value = O;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object of house rules")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<O, A::Error> {
            O::deserialize(serde::de::value::MapAccessDeserializer::new(map))
        }
    }
    d.deserialize_map(Rules(std::marker::PhantomData))
}

#[cfg(test)]
mod tests {
    use crate::Variant;

    /// A game folder whose `Rules` is not in the registry is a game no
    /// one can reach: each folder of `src/` holding a `Rules` impl must
    /// be a registered game's folder.
    #[test]
    fn every_game_folder_is_in_the_registry() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.as_str()).collect();
        let mut folders = 0;
        for entry in std::fs::read_dir(&src).expect("src") {
            let path = entry.expect("entry").path();
            let Ok(files) = std::fs::read_dir(&path) else { continue };
            let texts = files.filter_map(|f| std::fs::read_to_string(f.ok()?.path()).ok());
            let rules = |t: &String| t.contains("impl Rules for") || t.contains("game_rules!(");
            if !texts.into_iter().any(|t| rules(&t)) {
                continue;
            }
            folders += 1;
            let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
            assert!(names.contains(&name), "game folder {name} is not in registry.rs's games!");
        }
        assert_eq!(folders, names.len(), "every registered game has its folder");
    }
}
