//! The menu of a move (right-click, the context-menu key, or Shift+F10):
//! delete from here, promote, make main line, comments, and a palette of
//! the common NAGs with their meanings. The arrow keys move through its
//! buttons, Home and End to the first and last, Escape closes it.

use movetext_core::nag::COMMON_NAGS;
use movetext_view::game::editing::EditOp;
use movetext_view::game::model::{NodeIx, SharedGame};
use movetext_view::text::nag_glyphs::nag_view_in;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::move_list::focused;
use crate::dialogs::dialog_focus::{step_focus, Step};
use crate::state::page_state::CommentSide;

/// What the menu needs.
#[derive(Properties, PartialEq, Clone)]
pub struct EditMenuProps {
    /// The game.
    pub game: SharedGame,
    /// The move the menu is for.
    pub node: NodeIx,
    /// Where to show it (page pixels).
    pub at: (i32, i32),
    /// An edit was chosen.
    pub on_op: Callback<EditOp>,
    /// A comment is to be edited.
    pub on_comment: Callback<(NodeIx, CommentSide)>,
    /// The menu closes.
    pub on_close: Callback<()>,
}

/// The move menu.
#[function_component(EditMenu)]
pub fn edit_menu(props: &EditMenuProps) -> Html {
    let lang = crate::i18n::use_lang();
    let menu = use_node_ref();
    {
        let menu = menu.clone();
        use_effect_with(props.node, move |_| {
            let before = focused();
            if let Some(first) = menu
                .cast::<web_sys::Element>()
                .and_then(|m| m.query_selector("button:not([disabled])").ok().flatten())
                .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = first.focus();
            }
            move || crate::dialogs::dialog_focus::give_focus_back(before)
        });
    }
    let node = props.game.node(props.node);
    let key = node.key;
    let is_root = props.node == 0;
    let in_variation = node.depth > 0;
    let op = |op: EditOp| {
        let on_op = props.on_op.clone();
        let on_close = props.on_close.clone();
        Callback::from(move |_: MouseEvent| {
            on_op.emit(op.clone());
            on_close.emit(());
        })
    };
    let comment = |side: CommentSide| {
        let on_comment = props.on_comment.clone();
        let on_close = props.on_close.clone();
        let ix = props.node;
        Callback::from(move |_: MouseEvent| {
            on_close.emit(());
            on_comment.emit((ix, side));
        })
    };
    let onkeydown = {
        let on_close = props.on_close.clone();
        let menu = menu.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Escape" => {
                e.prevent_default();
                e.stop_propagation();
                on_close.emit(());
            }
            "ArrowDown" | "ArrowUp" | "ArrowLeft" | "ArrowRight" | "Home" | "End" => {
                e.prevent_default();
                e.stop_propagation();
                let step = match e.key().as_str() {
                    "ArrowDown" | "ArrowRight" => Step::Next,
                    "Home" => Step::First,
                    "End" => Step::Last,
                    _ => Step::Previous,
                };
                step_focus(&menu, "button:not([disabled])", step);
            }
            _ => e.stop_propagation(),
        })
    };
    let close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };
    let title = if is_root { lang.text("menu-start").to_owned() } else { props.game.numbered_san(props.node) };
    let nags = COMMON_NAGS.iter().map(|&n| {
        let view = nag_view_in(n, lang);
        let on = node.nags.contains(&n);
        html! {
            <button type="button" role="menuitemcheckbox" class="nag-choice" aria-checked={on.to_string()}
                title={view.meaning} aria-label={format!("{} ({})", view.meaning, view.glyph)}
                data-nag={n.to_string()} onclick={op(EditOp::ToggleNag(key, n))} disabled={is_root}>
                { view.glyph.clone() }
            </button>
        }
    });
    // Keep the menu inside the window.
    let (x, y) = {
        let (w, h) = web_sys::window()
            .map(|w| {
                let size =
                    |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64()).unwrap_or(800.0) as i32;
                (size(w.inner_width()), size(w.inner_height()))
            })
            .unwrap_or((800, 800));
        (props.at.0.min(w - 292).max(4), props.at.1.min(h - 430).max(4))
    };
    html! {
        <>
            <div class="menu-backdrop" onclick={close}></div>
            <div class="edit-menu" role="menu" aria-label={lang.say("menu-edit", &[("move", &title)])} ref={menu}
                style={format!("left:{x}px;top:{y}px")} {onkeydown}>
                <div class="menu-title">{ title }</div>
                <button type="button" role="menuitem" onclick={comment(CommentSide::After)}
                    aria-keyshortcuts="C">{ lang.text("menu-comment-after") }<kbd>{ "C" }</kbd></button>
                <button type="button" role="menuitem" onclick={comment(CommentSide::Before)} disabled={is_root}
                    aria-keyshortcuts="Shift+C">{ lang.text("menu-comment-before") }<kbd>{ "⇧C" }</kbd></button>
                <button type="button" role="menuitem" onclick={op(EditOp::Promote(key))} disabled={!in_variation}
                    aria-keyshortcuts="P">{ lang.text("menu-promote") }<kbd>{ "P" }</kbd></button>
                <button type="button" role="menuitem" onclick={op(EditOp::MainLine(key))} disabled={!in_variation}
                    aria-keyshortcuts="M">{ lang.text("menu-main-line") }<kbd>{ "M" }</kbd></button>
                <button type="button" role="menuitem" class="danger" onclick={op(EditOp::Delete(key))} disabled={is_root}
                    aria-keyshortcuts="Delete">{ lang.text("menu-delete") }<kbd>{ "Del" }</kbd></button>
                <div class="nag-palette" role="group" aria-label={lang.text("menu-nags")}>{ for nags }</div>
            </div>
        </>
    }
}
