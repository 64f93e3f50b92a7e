// Package snapshot builds the accessibility snapshot an agent reads, and
// resolves the refs it hands out back to elements.
//
// # Format
//
// One node a line, indented two spaces per depth:
//
//	Result.Text:
//	- heading "Checkout" [level=2] [ref=e1]
//	- textbox "Email" [ref=e4] value="a@b.c"
//	- button "Remove" [ref=e7] [nth=1]
//	- iframe "Payment" [ref=e6]:
//	  - button "Confirm" [ref=e8]
//	- paragraph: Thanks for shopping
//	- text: Total 12 EUR
//
// A line is `- role "name"`, then states ([level=N], [checked],
// [checked=mixed], [selected], [expanded], [pressed], [disabled],
// [required], and [sort=ascending|descending|other] on a column or row
// header by its aria-sort), then [hint="..."] for an unnamed control
// that holds no refs of its own (its title, an SVG title, class names or
// id; with Interactive, a clickable's text),
// then [ref=eN], then [nth=N] when an earlier ref'd element of the same
// frame has the same role and non-empty name, then value="..." for
// fields (passwords are masked). A row named by its cells leaves the name
// out of its line, and so does a cell (and its nth) whose name only says
// the names of the controls it holds, whose lines follow; a wrapper with
// no ref named as the one control it holds has no line. A line "- ... frame content not shown: ..." stands
// under an iframe nested deeper than MaxFrameNesting. Names are quoted with \" and \\ escaped.
// A cut snapshot (MaxChars) ends in "- ... N more lines: cursor=C shows
// them"; a capture with Cursor C goes on from there, under the lines that
// hold its first line.
//
// # Site chrome said once
//
// A landmark (banner, navigation, contentinfo, complementary, search)
// whose subtree an earlier page of the same site (origin) showed whole,
// line for line, and which is what this page showed of it last (if it
// showed it), is one line on a later page:
//
//	Result.Text:
//	- navigation "Categories" [ref=e40] [same as on an earlier page: 30 refs e4-e33]
//
// Its elements take the ref names they had there, so refs the agent
// kept from the earlier page act on this one; its line gets a ref (an
// unnamed landmark too), and a capture scoped to it, or with Full, shows
// the subtree whole. See landmarks.go.
//
// # Find
//
// Options.Find shows the lines that match a text (any case) or a
// /regular expression/, each under its nearest heading or landmark,
// flattened to two levels.
// A line ends in ':' when children follow; a node whose only child is
// text shows it after ': '. Text lines hold text not already in their
// parent's name; a label's text is left out when it labels a control,
// which carries it as its name.
//
// # Roles and refs
//
// Roles are ARIA roles, implicit ones per HTML-AAM for common elements.
// Where Chrome's accessibility tree uses internal names the snapshot uses
// the ARIA ones: img (Chrome "image"), iframe ("Iframe"), button for a
// details summary ("DisclosureTriangle"). Names follow accname as Chrome
// applies it: labelledby (hidden referents included), aria-label,
// host-language labels (label, alt, legend, caption, value of input
// buttons), content for the roles named from content, title, then
// placeholder. In a name from content, a child laid out other than inline
// (block, inline-block, flex or grid item, absolutely positioned) is set
// off by spaces; CSS generated content (::before, ::after, with its
// alternative text after "/") counts, from style sheets script can read;
// images give alt, else title; embedded controls give their value;
// aria-hidden subtrees give nothing. White space collapses as Chrome's
// does: a no-break space stays. A name is kept whole up to 4000
// characters, then cut and marked with "…"; a line whose content follows
// it shows its name cut at 100 characters (RefInfo.Name stays whole).
// docs/snapshot-fidelity.md lists the differences from Chrome kept on
// purpose, and how make fidelity measures agreement.
//
// Refs go to interactive roles (button, link, textbox, searchbox,
// checkbox, radio, combobox, listbox, option, menuitem*, slider,
// spinbutton, switch, tab, treeitem), to named content roles (heading,
// cell, listitem, region, img, dialog, ...), to iframes, and, by
// evidence, to what script makes something to act on:
//
//   - an element with click, mouse, pointer, touch, drag or key
//     listeners (see recorder.go: a script in each document's main world,
//     installed before the page's own, notes them), a handler attribute
//     or an onclick property, draggable="true", a non-negative tabindex,
//     or a cursor it sets itself (pointer, grab, grabbing, move, text,
//     crosshair; one equal to its parent's is inherited and does not
//     count, and below a control none counts);
//   - the items (listitem, option, treeitem, row, cell, gridcell,
//     headers, menuitems, tabs, radios) of a listbox, tree, grid, menu,
//     tablist or radiogroup, and of a list or table that has such
//     evidence or lies on a surface (below): empty ones too, but not one
//     holding refs of its own, which is acted on through them;
//   - what is placed (absolutely positioned) on a surface, an element
//     that handles input for what it holds: one with listeners that clips
//     its content or takes touches itself (a diagram's canvas), or a
//     focusable element of no role (a spreadsheet);
//   - the shapes and groups of an SVG that is no image (it is walked),
//     named by their text.
//
// Listeners (or an onclick property, which a framework sets on its root
// container and on every element it handles clicks for) on an element
// whose content has refs of its own are a
// container's, handing its children's input on (event delegation): it
// gets no ref, and with no role its line goes, its content taking its
// place; but a surface whose refs went to what it draws (nodes placed on
// it, shapes of a drawing) keeps its ref, a place of its own to drop
// onto or click between the nodes. Nor does evidence on an element with no name, no text and no
// box with an area, or one clipped to nothing by clip or a clip-path inset
// (a focus guard, a visually hidden proxy that hands the focus on), nor
// on an element the pointer goes through (pointer-events: none, no child
// element) that no key or label reaches either (a select box's shown
// value inside its button, whose line then reads it), nor listeners on a
// part of a control that shows and names nothing (a tab's indicator, a
// button's touch area): input on it is the control's. A live region
// (status, log, alert, timer, marquee) with no name and nothing inside
// has no line. Inside an editor nothing gets a ref
// by evidence. Such an element with no role (or none, presentation,
// generic) prints as "clickable" (its RefInfo.Role too) and, with no
// accessible name and no text of its own, is named by its icons (cut to
// 100 characters); its text follows it as content. A line that only
// repeats its only child is folded with it (see foldEchoes): a cell, item
// or option holding one clickable of its name (beside grips that show
// nothing, too: a header's label beside its resize grip), a clickable wrapper named
// as the one control it holds, an unnamed one holding one control and
// text that says its name (a field's wrapper and the label it draws); a text line that only says the name of
// the line above it, as its first child, or of the line after it, its
// sibling with a ref (a label drawn before its field), goes; an unnamed
// clickable whose one child is an unnamed clickable (a wrapper's wrapper)
// has no line, its child's lines one level up. A column's resize grip that a table repeats
// in every row of data (listeners, no name, no text; a resize cursor, or a
// strip a few pixels across that spans its row) has a line in the header
// row only. Names and text leave out invisible format
// characters (zero-width space and non-joiner, word joiner, BOM, soft
// hyphen, a zero-width joiner outside emoji), and text runs put a space
// where inline elements are laid out apart (flex items, inline-blocks).
// A contenteditable root with no role is a "textbox", and so is the body
// of an editable document (contenteditable, or designMode: a rich-text
// editor's iframe), which otherwise is no line of its own, and a
// focusable element driven by EditContext. An editor whose focus target
// has no box to click (a 0-px wide element with role textbox taking text
// through EditContext, a transparent textarea, one clipped by a parent
// with no box) is one textbox line on its visible surface: the nearest
// element around the target with a box of its own (short of the body),
// named by the target's label; the target has no line. The surface's ref
// names the surface; the script's lib.editorOf leads from it to the
// target, for actions that type. Generic nodes with neither name nor ref
// are dropped and their children hoisted; a line that only groups (a
// table, list, row, group, paragraph, status) and holds nothing, with no
// name, states, value or ref, goes; hidden nodes (display:none,
// visibility:hidden, aria-hidden, hidden, closed details, what has no
// box) are left out, as layout says: a 0-px high clipping box does not
// hide the absolutely positioned field in it.
// Shadow roots are walked in the composed tree, slotted content in place.
// Closed ones, which script cannot see, are reached through CDP: a walk
// that meets custom elements it has not asked about, or built-in elements
// that can host a shadow root (div, span, section, ...) with a box of
// their own whose children show nothing, as a host's do unless slotted
// (at most 100 a walk), has the engine describe them (DOM.describeNode,
// pierce) and resolve their closed roots into the isolated world
// (DOM.resolveNode), then walks again. An element is asked about once
// (a custom one again once upgraded).
//
// # How it works
//
// One script, embedded from js/snapshot.js, runs in an isolated world
// ("agentbrowser") of the tab's document, which page scripts cannot see.
// It walks the document once (same-origin and same-process iframes
// included), computes roles, names and states, and returns the lines in
// one string. The world keeps a WeakMap from element to a local id, so an
// element keeps its id, hence its ref, for the life of the document; Go
// maps (world, local id) to page-wide refs e1, e2, ... A new document
// means a new world: its elements get new refs and the old refs are stale
// (ErrStaleRef). A ref is never reused and never rebound.
//
// Out-of-process iframes are walked the same way through their own CDP
// session, which FrameSessions provides, and inlined under their iframe
// line; their refs carry their frame id and resolve on their session.
//
// Resolve turns a ref into an isolated-world handle and, through
// DOM.describeNode, a backend node id. Captures whose new refs can be
// looked up cheaply (EagerLookupBudget) fill backend node ids eagerly;
// larger ones leave it to Resolve.
package snapshot
