//! Reports a panic inside the page instead of leaving it silently broken.

use std::panic;

/// Installs a panic hook that logs the panic to the console and shows a
/// message in the `#panic-report` element of the page.
pub fn install() {
    panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        web_sys::console::error_1(&message.as_str().into());
        show(&message);
    }));
}

fn show(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let element = match document.get_element_by_id("panic-report") {
        Some(e) => e,
        None => match document.create_element("div") {
            Ok(e) => {
                e.set_id("panic-report");
                let _ = e.set_attribute("role", "alert");
                if let Some(body) = document.body() {
                    let _ = body.append_child(&e);
                }
                e
            }
            Err(_) => return,
        },
    };
    element.set_text_content(Some(&format!(
        "Movetext stopped because of an internal error. Reload the page to start again. Details: {message}"
    )));
    let _ = element.remove_attribute("hidden");
}
