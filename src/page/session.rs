//! What the parts of the app's page share, given to them by context: the
//! page's state (a reducer), the open file, the viewer, the edits, and the
//! work under way between tasks.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use movetext_core::Game;
use movetext_view::game::editing::Edits;
use movetext_view::game::library::LibraryHandle;
use movetext_view::game::url_state::Place;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::page::file_input::Loaded;
use crate::page::key_context::KeyContext;
use crate::state::doc_state::DocState;
use crate::state::documents::EditKey;
use crate::state::opener::Opener;
use crate::state::page_state::{PageAction, PageState};
use crate::state::viewer::Viewer;

/// The page's shared state and handles; cheap to clone.
#[derive(Clone)]
pub(crate) struct Session {
    /// The page's own state.
    pub page: UseReducerHandle<PageState>,
    /// The open file.
    pub library: UseStateHandle<LibraryHandle>,
    /// The shown game and move.
    pub viewer: UseReducerHandle<Viewer>,
    /// Opens a game in the viewer.
    pub opener: Opener,
    /// The edits of the open file.
    pub edits: Rc<RefCell<Edits>>,
    /// Work under way.
    pub jobs: Rc<Jobs>,
}

impl PartialEq for Session {
    fn eq(&self, other: &Session) -> bool {
        self.page == other.page
            && self.library == other.library
            && self.viewer == other.viewer
            && Rc::ptr_eq(&self.jobs, &other.jobs)
    }
}

impl Session {
    /// Changes the page's state.
    pub fn act(&self, action: PageAction) {
        self.page.dispatch(action);
    }

    /// The language of the page's words (for work that ends after the
    /// drawing that started it).
    pub fn lang(&self) -> Lang {
        self.jobs.lang.get()
    }

    /// A callback that shows an error.
    pub fn reporter(&self) -> Callback<String> {
        let page = self.page.dispatcher();
        Callback::from(move |text: String| page.dispatch(PageAction::Error(text)))
    }
}

/// Stored games' texts by game index, each with the version it was written from.
pub(crate) type StoredTexts = Rc<RefCell<std::collections::HashMap<usize, (u64, wasm_bindgen::JsValue)>>>;

/// What work under way remembers between tasks.
pub(crate) struct Jobs {
    /// A place (game and ply) to open once the file has been indexed that far.
    pub pending: RefCell<Option<Place>>,
    /// The address at start (and whether it had a hash), while the file it
    /// may name (saved edits or `?url=`) is being opened: the sample shown
    /// meanwhile must not rewrite it.
    pub starting: RefCell<Option<(Place, bool)>>,
    /// Counts the files opened; indexing of an older one stops.
    pub generation: Rc<RefCell<u64>>,
    /// The open file, as of the latest drawing.
    pub latest: Rc<RefCell<LibraryHandle>>,
    /// The open document as the store knows it.
    pub doc: RefCell<DocState>,
    /// The index of the shown game, as of the latest drawing.
    pub shown: Cell<usize>,
    /// Whether the last save has finished (saves run one after another).
    pub saving: RefCell<Rc<RefCell<bool>>>,
    /// Each stored game's text as last written for storage, with the
    /// version of the game it was written from ([`movetext_view::game::editing::Edits::version`]);
    /// a new one for each file opened.
    pub stored: RefCell<StoredTexts>,
    /// Games made in the app, with their keys in the store, to put back
    /// once the whole file is indexed.
    pub pending_added: RefCell<Vec<(EditKey, Game)>>,
    /// What the keyboard shortcuts act on, refreshed at every drawing.
    pub key_context: Rc<RefCell<Option<KeyContext>>>,
    /// Counts the game list's orders asked for; an older one stops.
    pub order_generation: RefCell<u64>,
    /// The language of the page's words, as of the latest drawing.
    pub lang: Cell<Lang>,
    /// Counts the files asked to be opened: an open (or a restore) that a
    /// later one overtook stops.
    pub loads: Cell<u64>,
    /// Pasted text that holds no game, while the page asks whether to open
    /// it anyway.
    pub asked_paste: RefCell<Option<Loaded>>,
}

impl Jobs {
    /// Nothing under way, with the address at start and the file shown.
    pub fn new(starting: (Place, bool), library: LibraryHandle) -> Jobs {
        Jobs {
            pending: RefCell::new(None),
            starting: RefCell::new(Some(starting)),
            generation: Rc::new(RefCell::new(0)),
            latest: Rc::new(RefCell::new(library)),
            doc: RefCell::new(DocState::new("sample", "")),
            shown: Cell::new(0),
            saving: RefCell::new(Rc::new(RefCell::new(true))),
            stored: RefCell::default(),
            pending_added: RefCell::new(Vec::new()),
            key_context: Rc::new(RefCell::new(None)),
            order_generation: RefCell::new(0),
            lang: Cell::new(Lang::En),
            loads: Cell::new(0),
            asked_paste: RefCell::new(None),
        }
    }
}
