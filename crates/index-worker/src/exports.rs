//! The functions `static/index-worker.js` calls: it writes a message into
//! the buffer [`mt_input`] gives, calls [`mt_handle`], and reads the answer
//! from [`mt_output`].

use std::cell::RefCell;

use crate::IndexWorker;

thread_local! {
    static STATE: RefCell<(IndexWorker, Vec<u8>, Vec<u8>)> = RefCell::new(Default::default());
}

/// A buffer of `len` bytes for the next message; its address.
#[no_mangle]
pub extern "C" fn mt_input(len: usize) -> *mut u8 {
    STATE.with_borrow_mut(|(_, input, _)| {
        input.clear();
        input.resize(len, 0);
        input.as_mut_ptr()
    })
}

/// Answers the message in the input buffer; the answer's length.
#[no_mangle]
pub extern "C" fn mt_handle() -> usize {
    STATE.with_borrow_mut(|(worker, input, output)| {
        *output = worker.handle(input);
        // The batch's bytes are not needed any more.
        *input = Vec::new();
        output.len()
    })
}

/// The address of the last answer.
#[no_mangle]
pub extern "C" fn mt_output() -> *const u8 {
    STATE.with_borrow(|(_, _, output)| output.as_ptr())
}
