/** Picks 0..count-1 at random without repeating until every one has come up, then starts over. */
export function createShuffleBag(count: number, random: () => number = Math.random) {
  let bag: number[] = [];
  let last = -1;
  return (): number => {
    if (bag.length === 0) bag = Array.from({ length: count }, (_, i) => i);
    let index = Math.floor(random() * bag.length);
    // A fresh bag may offer the one just shown; take its neighbour so none shows twice in a row.
    if (bag[index] === last && bag.length > 1) index = (index + 1) % bag.length;
    const picked = bag.splice(index, 1)[0]!;
    last = picked;
    return picked;
  };
}
