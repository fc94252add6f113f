//! Editing a comment: a text box with the comment as shown (its `[%cmd]`
//! commands stripped); saving keeps the commands.

use yew::prelude::*;

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
    let area = use_node_ref();
    {
        let area = area.clone();
        use_effect_with((), move |_| {
            if let Some(a) = area.cast::<web_sys::HtmlTextAreaElement>() {
                let _ = a.focus();
                let end = a.value().encode_utf16().count() as u32;
                let _ = a.set_selection_range(end, end);
            }
        });
    }
    let save = {
        let area = area.clone();
        let on_save = props.on_save.clone();
        move || {
            if let Some(a) = area.cast::<web_sys::HtmlTextAreaElement>() {
                on_save.emit(a.value());
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
                <textarea ref={area} class="comment-text" rows="5" aria-label="Comment text"
                    value={props.text.clone()} />
                if !props.commands.is_empty() {
                    <p class="kept-commands">{ "Kept with the comment: " }<code>{ props.commands.clone() }</code></p>
                }
                <div class="dialog-actions">
                    <button type="button" class="btn btn-primary" onclick={onclick_save} title="Save (Ctrl+Enter)">{ "Save" }</button>
                    <button type="button" class="btn" onclick={cancel}>{ "Cancel" }</button>
                </div>
            </div>
        </div>
    }
}
