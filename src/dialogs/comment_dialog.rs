//! Editing a comment: a text box with the comment as shown (its `[%cmd]`
//! commands stripped); saving keeps the commands. A PGN comment in braces
//! cannot hold `}`: braces typed are saved as parentheses (the dialog says
//! so), so that the comment is exported in braces and read back the same.

use yew::prelude::*;

use crate::components::move_list::focused;
use crate::dialogs::dialog_focus::{give_focus_back, keep_tab_inside};

/// The text to save: `{` and `}` as `(` and `)` when it holds a `}`.
pub(crate) fn brace_safe(text: &str) -> String {
    if text.contains('}') {
        text.replace('{', "(").replace('}', ")")
    } else {
        text.to_owned()
    }
}

/// What the dialog needs.
#[derive(Properties, PartialEq, Clone)]
pub struct CommentDialogProps {
    /// The heading, e.g. "Comment after 12. Nf3".
    pub heading: AttrValue,
    /// The comment as shown, to start from.
    pub text: AttrValue,
    /// The commands the comment holds, kept on save (shown, not edited).
    pub commands: AttrValue,
    /// Save the new text.
    pub on_save: Callback<String>,
    /// Close without saving.
    pub on_cancel: Callback<()>,
}

/// The comment dialog.
#[function_component(CommentDialog)]
pub fn comment_dialog(props: &CommentDialogProps) -> Html {
    let lang = crate::i18n::use_lang();
    let area = use_node_ref();
    let has_brace = use_state_eq(|| props.text.contains('}'));
    {
        // The text is put in once: the box is not redrawn from the props
        // (a drawing would undo what the user typed).
        let area = area.clone();
        let text = props.text.clone();
        use_effect_with((), move |_| {
            let before = focused();
            if let Some(a) = area.cast::<web_sys::HtmlTextAreaElement>() {
                a.set_value(&text);
                let _ = a.focus();
                let end = a.value().encode_utf16().count() as u32;
                let _ = a.set_selection_range(end, end);
            }
            move || give_focus_back(before)
        });
    }
    let oninput = {
        let has_brace = has_brace.clone();
        let area = area.clone();
        Callback::from(move |_: InputEvent| {
            if let Some(a) = area.cast::<web_sys::HtmlTextAreaElement>() {
                has_brace.set(a.value().contains('}'));
            }
        })
    };
    let save = {
        let area = area.clone();
        let on_save = props.on_save.clone();
        move || {
            if let Some(a) = area.cast::<web_sys::HtmlTextAreaElement>() {
                on_save.emit(brace_safe(&a.value()));
            }
        }
    };
    let onclick_save = {
        let save = save.clone();
        Callback::from(move |_: MouseEvent| save())
    };
    let cancel = {
        let on_cancel = props.on_cancel.clone();
        Callback::from(move |_: MouseEvent| on_cancel.emit(()))
    };
    let onkeydown = {
        let on_cancel = props.on_cancel.clone();
        Callback::from(move |e: KeyboardEvent| {
            e.stop_propagation();
            keep_tab_inside(&e);
            if e.key() == "Escape" {
                e.prevent_default();
                on_cancel.emit(());
            } else if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                e.prevent_default();
                save();
            }
        })
    };
    html! {
        <div class="dialog-backdrop">
            <div class="dialog comment-dialog" role="dialog" aria-modal="true" aria-label={props.heading.clone()} {onkeydown}>
                <h2>{ props.heading.clone() }</h2>
                <textarea ref={area} class="comment-text" rows="5" aria-label={lang.text("comment-text")}
                    {oninput} aria-describedby="comment-brace-note" />
                <p id="comment-brace-note" class="field-note" hidden={!*has_brace}>
                    { lang.text("comment-brace") }
                </p>
                if !props.commands.is_empty() {
                    <p class="kept-commands">{ lang.text("comment-kept") }{ " " }<code>{ props.commands.clone() }</code></p>
                }
                <div class="dialog-actions">
                    <button type="button" class="btn btn-primary" onclick={onclick_save} title={lang.text("save-title")}>{ lang.text("save") }</button>
                    <button type="button" class="btn" onclick={cancel}>{ lang.text("cancel") }</button>
                </div>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::brace_safe;

    #[test]
    fn braces_become_parentheses_only_when_a_closing_one_is_typed() {
        assert_eq!(brace_safe("see {the game} here"), "see (the game) here");
        assert_eq!(brace_safe("a } alone"), "a ) alone");
        assert_eq!(brace_safe("an { opening one is fine"), "an { opening one is fine");
    }
}
