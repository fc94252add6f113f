//! Files the app fetches from beside its page once it runs (the table of
//! opening names, a language's words): their bytes or their text, or none
//! when they cannot be had (offline, not there), which the callers treat
//! as a file left out.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The answer to a request for `url`, if it came and is a success.
async fn answer(url: &str) -> Option<web_sys::Response> {
    let window = web_sys::window()?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url)).await.ok()?.dyn_into().ok()?;
    response.ok().then_some(response)
}

/// The bytes of the file at `url`.
pub(crate) async fn bytes(url: &str) -> Option<Vec<u8>> {
    let buffer = JsFuture::from(answer(url).await?.array_buffer().ok()?).await.ok()?;
    Some(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The text of the file at `url`.
pub(crate) async fn text(url: &str) -> Option<String> {
    JsFuture::from(answer(url).await?.text().ok()?).await.ok()?.as_string()
}
