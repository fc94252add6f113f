//! The widget's menu: copy the game's PGN or the shown position's FEN,
//! download the game, flip the board, and open the game at the shown move
//! in the full app. A button opens it; arrow keys move through its items,
//! Escape closes it and gives the focus back to the button.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::dialogs::app_dialogs::file_safe;
use crate::dialogs::dialog_focus::{step_focus, Step};
use crate::dialogs::export_panel::{copy_text, download};

/// The menu's properties.
#[derive(Properties, PartialEq, Clone)]
pub struct WidgetMenuProps {
    /// The game's PGN, written when asked for (it may be long).
    pub pgn: Callback<(), String>,
    /// The shown position.
    pub fen: AttrValue,
    /// The game's players, for the downloaded file's name.
    pub title: AttrValue,
    /// The address that opens this game at the shown move in the app.
    pub open_url: Option<Callback<(), AttrValue>>,
    /// Turns the board round.
    pub on_flip: Callback<()>,
}

/// The widget's menu.
#[function_component(WidgetMenu)]
pub fn widget_menu(props: &WidgetMenuProps) -> Html {
    let lang = crate::i18n::use_lang();
    let open = use_state(|| false);
    let status = use_state(String::new);
    let button = use_node_ref();
    let list = use_node_ref();
    // The first item has the focus when the menu opens.
    {
        let list = list.clone();
        use_effect_with(*open, move |open| {
            if *open {
                if let Some(first) =
                    list.cast::<web_sys::Element>().and_then(|l| l.query_selector("[role=menuitem]").ok().flatten())
                {
                    let _ = first.unchecked_into::<web_sys::HtmlElement>().focus();
                }
            }
        });
    }
    let close = {
        let (open, button) = (open.clone(), button.clone());
        Callback::from(move |()| {
            open.set(false);
            if let Some(b) = button.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        })
    };
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let act = |f: Callback<()>, what: &'static str| {
        let (close, status) = (close.clone(), status.clone());
        Callback::from(move |_: MouseEvent| {
            f.emit(());
            status.set(what.to_owned());
            close.emit(());
        })
    };
    let copy_pgn = {
        let pgn = props.pgn.clone();
        act(Callback::from(move |()| copy_text(&pgn.emit(()))), lang.text("done-pgn-copied"))
    };
    let copy_fen = {
        let fen = props.fen.clone();
        act(Callback::from(move |()| copy_text(&fen)), lang.text("done-fen-copied"))
    };
    let save = {
        let (pgn, title) = (props.pgn.clone(), props.title.clone());
        act(
            Callback::from(move |()| download(&file_safe(&format!("{title}.pgn")), pgn.emit(()).as_bytes())),
            lang.text("done-downloaded"),
        )
    };
    let flip = act(props.on_flip.clone(), lang.text("done-flipped"));
    // Arrow keys, Home and End move through the items; Escape and Tab close.
    let onkeydown = {
        let (list, close) = (list.clone(), close.clone());
        Callback::from(move |e: KeyboardEvent| {
            let step = match e.key().as_str() {
                "ArrowDown" => Step::Next,
                "ArrowUp" => Step::Previous,
                "Home" => Step::First,
                "End" => Step::Last,
                "Escape" => {
                    e.prevent_default();
                    e.stop_propagation();
                    close.emit(());
                    return;
                }
                _ => return,
            };
            e.prevent_default();
            e.stop_propagation();
            step_focus(&list, "[role=menuitem]", step);
        })
    };
    html! {
        <div class="mt-menu">
            <button type="button" class="mt-menu-button" ref={button} aria-haspopup="menu" aria-expanded={(*open).to_string()}
                aria-label={lang.text("menu-button")} title={lang.text("menu-button")} onclick={toggle}>{ "⋯" }</button>
            if *open {
                <div class="mt-menu-list" role="menu" aria-label={lang.text("picker")} ref={list} {onkeydown}>
                    <button type="button" role="menuitem" onclick={copy_pgn}>{ lang.text("menu-copy-pgn") }</button>
                    <button type="button" role="menuitem" onclick={copy_fen}>{ lang.text("menu-copy-fen") }</button>
                    <button type="button" role="menuitem" onclick={save}>{ lang.text("menu-download") }</button>
                    <button type="button" role="menuitem" onclick={flip}>{ lang.text("nav-flip") }</button>
                    if let Some(url) = &props.open_url {
                        <a role="menuitem" href={url.emit(())} target="_blank" rel="noopener" onclick={{
                            let close = close.clone();
                            Callback::from(move |_: MouseEvent| close.emit(()))
                        }}>{ lang.text("menu-open-app") }</a>
                    }
                </div>
            }
            <span class="mt-menu-status" role="status">{ (*status).clone() }</span>
        </div>
    }
}
