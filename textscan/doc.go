// Package textscan splits plain prompt files (.cursorrules, .windsurfrules,
// .clinerules, *.prompt, *.txt and files of unknown type) into text units.
//
// Prompt files are mostly Markdown-like text written without a renderer in
// mind, so the scanner reads them line by line instead of parsing Markdown:
// blank lines end paragraphs, "# " lines are headings, "- ", "* ", "+ ",
// "1. " and "1) " lines open list items, ``` and ~~~ lines fence code, and a
// leading "---" block is front matter. Every unit keeps an exact map from
// its text back to byte offsets in the source.
//
// Context follows the Markdown scanner's choices: Headings is the path
// above a unit; a list item's LeadIn is the paragraph before its list,
// with the lead-ins of enclosing lists (a parent item's own text) first,
// joined by '\n', at most four; a code block's Before is the paragraph or
// item text just before it. Emphasis markers stay in the text, since
// nothing renders them, but an opening "**Bad:**" or "❌ Wrong:" is still
// read as the unit's Label, and a paragraph holding nothing but a label
// passes it on to the list or code after it and to the paragraph right
// after it, until a heading or another paragraph.
//
// What it shares with the Markdown scanner, the front matter block and
// the label rules, is read by package internal/formats; neither scanner
// calls the other. The checker also reads with this scanner a Markdown
// document too costly for goldmark (mdscan.ErrCostly).
package textscan
