//! The game list's order: the file's own order at once; a filter or a sort
//! a slice at a time, so that 100,000 games never hold the page up.

use std::rc::Rc;

use movetext_view::game::library::SortBy;
use yew::prelude::*;

use crate::page::session::Session;
use crate::state::game_order::GameOrder;
use crate::state::page_state::PageAction;
use crate::state::slice_clock::{now, SLICE_MS};

/// Orders the game list whenever the file, the filter or the sort changes.
#[hook]
pub(crate) fn use_list_order(session: &Session) {
    let (jobs, page) = (session.jobs.clone(), session.page.dispatcher());
    let subset = session.page.subset.as_ref().map(|s| s.games.clone());
    let deps = ((*session.library).clone(), session.page.filter.clone(), session.page.sort, subset);
    use_effect_with(deps, move |(handle, filter, sort, subset)| {
        let mine = {
            let mut g = jobs.order_generation.borrow_mut();
            *g += 1;
            *g
        };
        let lib = handle.lib.clone();
        if sort.0 == SortBy::File && filter.trim().is_empty() && subset.is_none() {
            page.dispatch(PageAction::Ordered(GameOrder::File { len: lib.borrow().len(), reversed: sort.1 }));
        } else {
            page.dispatch(PageAction::Sorting);
            let mut job = lib.borrow().order_job(filter, sort.0, sort.1, subset.clone());
            wasm_bindgen_futures::spawn_local(async move {
                loop {
                    gloo_timers::future::TimeoutFuture::new(0).await;
                    if *jobs.order_generation.borrow() != mine {
                        return;
                    }
                    let start = now();
                    let done = lib.borrow().order_step(&mut job, &mut || now() - start > SLICE_MS);
                    if let Some(games) = done {
                        page.dispatch(PageAction::Ordered(GameOrder::Listed(Rc::new(games))));
                        return;
                    }
                }
            });
        }
    });
}
