const a = "never closed
const b = `also open ${x}
