// Tests keep their inputs as data.
it("blocks pkill", () => {
  expect(guard("run pkill -f server")).toBe(false);
});
