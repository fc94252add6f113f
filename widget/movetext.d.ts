// Types of the <movetext-viewer> widget: its options, its element, its
// events and its script API. See docs/widget.md.

/** Where a widget goes: a half-move number, `first`, `last` or a path (`5,1,2`). */
export type Ply = number | 'first' | 'last' | string;

/** A `true` / `false` option, as an attribute writes it. */
export type Flag = boolean | 'true' | 'false';

/** The options of a widget: the element's attributes, or the fields given to `mount`. */
export interface MovetextOptions {
  /** The PGN (else the element's text). */
  pgn?: string;
  /** A same-origin file to read. */
  src?: string;
  /** With no PGN: a game that starts from this position. */
  fen?: string;
  /** The side at the bottom; else the game's `Orientation` tag. */
  orientation?: 'white' | 'black';
  /** The move shown first. */
  ply?: Ply;
  /** Which game of a file of several, counting from 1. */
  game?: number | string;
  players?: Flag;
  clocks?: Flag;
  controls?: Flag;
  keyboard?: Flag;
  wheel?: Flag;
  editable?: Flag;
  /** Where the move list goes. */
  moves?: 'right' | 'bottom' | 'auto' | 'none';
  /** `train`: the reader guesses the game's moves. */
  mode?: 'view' | 'train';
  notation?: 'san' | 'fan' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'ru' | 'lan';
  theme?: 'light' | 'dark' | 'auto';
  /** A CSS width. */
  size?: string;
  /** `false` hides the menu. */
  menu?: Flag;
  /** The app's address for "Open in Movetext" (http(s) or relative), or `none`. */
  app?: string;
  /** With `src`: seconds between two readings of the file. */
  live?: number | string;
  board?: 'wood' | 'green' | 'blue' | 'grey' | 'rose';
  pieces?: 'movetext' | 'flat' | 'discs';
  /** The language of its words (`en`, `de`, `fr`, `es`, `ru`); else the page's. */
  lang?: string;
  /** A Fluent file (http(s) or relative address) of the page's own words, added after the widget's. */
  words?: string;
  /** Called at each move shown. */
  onMove?: (detail: MoveDetail) => void;
}

/** What a `move` event tells: the move shown. */
export interface MoveDetail {
  /** Half-moves from the start. */
  ply: number;
  /** The move's path (see `Ply`). */
  path: string;
  /** The position's FEN. */
  fen: string;
  /** The move in SAN (empty at the start). */
  san: string;
}

/** A mounted widget. */
export interface MovetextHandle {
  /** The widget's element. */
  readonly element: HTMLElement;
  /** Goes to a move; resolves once it is shown. */
  goTo(ply: Ply): Promise<void>;
  /** Flips the board; resolves once it is shown. */
  flip(): Promise<void>;
  /** Shows another game; resolves once it is shown. */
  setPgn(pgn: string): Promise<void>;
  /** The shown position's FEN. */
  getFen(): string;
  /** The game's PGN, with the moves made on it. */
  getPgn(): string;
  /** Calls `listener` at each move shown; returns a function that stops it. */
  on(type: 'move', listener: (detail: MoveDetail) => void): () => void;
  /** Ends the widget and frees its memory. */
  destroy(): void;
}

/** The element's options as properties: each mirrors its attribute (`null` when absent). */
export type MovetextViewerProperties = {
  [K in Exclude<keyof MovetextOptions, 'lang' | 'onMove'>]: string | null;
};

/** The `<movetext-viewer>` element. */
export interface MovetextViewerElement extends HTMLElement, MovetextViewerProperties {
  /** Resolves to the mounted widget once it is drawn (its latest drawing). */
  readonly ready: Promise<MovetextHandle> | null | undefined;
  goTo(ply: Ply): Promise<void>;
  flip(): Promise<void>;
  setPgn(pgn: string): Promise<void>;
  getFen(): string;
  getPgn(): string;
  addEventListener<K extends keyof MovetextViewerEventMap>(
    type: K,
    listener: (this: MovetextViewerElement, event: MovetextViewerEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** The element's own events: each bubbles and crosses shadow roots. */
export interface MovetextViewerEventMap extends HTMLElementEventMap {
  /** A move is shown. */
  move: CustomEvent<MoveDetail>;
  /** The widget is drawn (again after a change of its attributes or text). */
  ready: CustomEvent<undefined>;
  /** Its `src` could not be read. */
  error: ErrorEvent & CustomEvent<{ message: string }>;
}

/** The widget's script API. */
export interface MovetextApi {
  /** Where the widget's other files are, before the first widget (by default beside this script). */
  configure(options: { baseUrl?: string | URL }): void;
  /** Mounts a widget in `element`; resolves once the game is shown. */
  mount(element: HTMLElement, options?: MovetextOptions): Promise<MovetextHandle>;
  /**
   * Replaces code blocks of PGN (by default `pre > code.language-pgn`, as
   * Markdown renderers write them) by viewers once the page is read;
   * resolves to the viewers made.
   */
  upgrade(selector?: string, root?: ParentNode): Promise<MovetextViewerElement[]>;
}

declare const Movetext: MovetextApi;
export default Movetext;
export declare function configure(options: { baseUrl?: string | URL }): void;
export declare function mount(element: HTMLElement, options?: MovetextOptions): Promise<MovetextHandle>;
export declare function upgrade(selector?: string, root?: ParentNode): Promise<MovetextViewerElement[]>;

declare global {
  interface HTMLElementTagNameMap {
    'movetext-viewer': MovetextViewerElement;
  }
  interface GlobalEventHandlersEventMap {
    move: CustomEvent<MoveDetail>;
    ready: CustomEvent<undefined>;
  }
}
