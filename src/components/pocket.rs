//! What a variant adds beside the board: a crazyhouse side's pieces in
//! hand, each with its count, from which a piece is picked to be dropped on
//! the board (by a click on it and then on a square, or dragged there); and
//! the checks a side has given in three-check.

use movetext_core::rules::AnyPosition;
use movetext_core::shakmaty::{Color, Move, Position, Role};
use movetext_view::markup::pieces;
use yew::prelude::*;

/// The pieces that can be in hand, in the order shown.
const ROLES: [Role; 5] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// What a side's pocket shows and answers.
#[derive(Properties, PartialEq)]
pub struct PocketProps {
    /// Whose pocket.
    pub color: Color,
    /// Above or below the board: `top` or `bottom`.
    pub place: &'static str,
    /// How many of each piece of [`ROLES`] the side holds.
    pub counts: [u8; 5],
    /// The pieces of [`ROLES`] that can be dropped now (none: the pocket
    /// is only shown).
    pub droppable: [bool; 5],
    /// The piece picked to be dropped.
    pub picked: Option<Role>,
    /// A piece is picked (or put back: `None`).
    pub on_pick: Callback<Option<Role>>,
}

/// A side's pieces in hand.
#[function_component(Pocket)]
pub fn pocket(props: &PocketProps) -> Html {
    let lang = crate::i18n::use_lang();
    let side = lang.text(if props.color.is_white() { "side-white" } else { "side-black" });
    let items = ROLES.iter().enumerate().map(|(i, &role)| {
        let count = props.counts[i];
        let can = props.droppable[i];
        let picked = props.picked == Some(role);
        // Picked by pressing it (then a click on a square, or dragged there);
        // from the keyboard by Enter or Space.
        let onpointerdown = {
            let cb = props.on_pick.clone();
            Callback::from(move |e: PointerEvent| {
                if can && e.button() == 0 {
                    e.prevent_default();
                    cb.emit(Some(role));
                }
            })
        };
        let onclick = {
            let cb = props.on_pick.clone();
            Callback::from(move |e: MouseEvent| {
                if can && e.detail() == 0 {
                    cb.emit(if picked { None } else { Some(role) });
                }
            })
        };
        let name = lang.text(piece_key(props.color, role));
        let label = lang.say("pocket-piece", &[("piece", name), ("count", &count.to_string())]);
        let href = format!("#{}", pieces::symbol_id(props.color, role));
        let classes = classes!("pocket-piece", (count == 0).then_some("empty"), picked.then_some("picked"));
        html! {
            <button type="button" class={classes} data-role={role.char().to_string()} data-count={count.to_string()}
                disabled={!can} aria-pressed={can.then(|| picked.to_string())} title={label.clone()} aria-label={label}
                {onpointerdown} {onclick}>
                <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><use href={href} width="100" height="100" /></svg>
                <span class="pocket-count" aria-hidden="true">{ count }</span>
            </button>
        }
    });
    let color = if props.color.is_white() { "white" } else { "black" };
    html! {
        <div class={classes!("pocket", props.place)} data-color={color} role="group"
            aria-label={lang.say("pocket-label", &[("side", side)])}>
            { for items }
        </div>
    }
}

/// The locale key of a piece's name.
fn piece_key(color: Color, role: Role) -> &'static str {
    match (color, role) {
        (Color::White, Role::Pawn) => "piece-white-pawn",
        (Color::White, Role::Knight) => "piece-white-knight",
        (Color::White, Role::Bishop) => "piece-white-bishop",
        (Color::White, Role::Rook) => "piece-white-rook",
        (Color::White, Role::Queen) => "piece-white-queen",
        (Color::White, Role::King) => "piece-white-king",
        (Color::Black, Role::Pawn) => "piece-black-pawn",
        (Color::Black, Role::Knight) => "piece-black-knight",
        (Color::Black, Role::Bishop) => "piece-black-bishop",
        (Color::Black, Role::Rook) => "piece-black-rook",
        (Color::Black, Role::Queen) => "piece-black-queen",
        (Color::Black, Role::King) => "piece-black-king",
    }
}

/// A side's pocket at a crazyhouse position (`None` elsewhere): the
/// counts, and which pieces the legal moves `legal` can drop.
pub fn pocket_of(pos: &AnyPosition, color: Color, legal: &[Move]) -> Option<([u8; 5], [bool; 5])> {
    let pockets = pos.pockets()?;
    let counts = ROLES.map(|r| pockets[color][r]);
    let droppable =
        ROLES.map(|r| pos.turn() == color && legal.iter().any(|m| matches!(m, Move::Put { role, .. } if *role == r)));
    Some((counts, droppable))
}

/// The checks a side has given in three-check (`None` elsewhere), as a
/// badge for its player bar: "+1" of three.
pub fn checks_given(pos: &AnyPosition, color: Color, lang: crate::i18n::Lang) -> Html {
    let Some(left) = pos.remaining_checks() else { return html! {} };
    let given = 3u32.saturating_sub(u32::from(left[color]));
    let label = lang.say("checks-given", &[("count", &given.to_string())]);
    let color = if color.is_white() { "white" } else { "black" };
    html! {
        <div class="checks-given" data-color={color} data-checks={given.to_string()} title={label.clone()} aria-label={label}>
            { for (0..3).map(|i| html! { <span class={classes!("check-mark", (i < given).then_some("given"))} aria-hidden="true">{ "+" }</span> }) }
        </div>
    }
}
