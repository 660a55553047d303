// One line comment
// and its second line.
let a = 1; // trailing note here
/* block comment
 * with a star column
 */
const s1 = "double \"quoted\" text\tand caf\u00e9";
const s2 = 'single quoted text';
const s3 = `template with ${value + "inner"} field`;
const s4 = "joined " +
  'by a plus sign';
const key = { "an object key": "object value text", pattern: "kill -9 now" };
if (x === "compared string here") {}
switch (y) { case "case label text": break; }
const m = obj["computed member key"];
const r = /regex with spaces/i;
const div = a / b / c;
const word = "single";
const multi = `
  # Heading

  Paragraph line.
`;
