/**
 * A progress line for long commands: a bar redrawn in place on a terminal, and a
 * plain line every 10% when the output is a file or a pipe (logs stay readable).
 */
export function progressReporter(label: string, initialTotal: number) {
  const tty = process.stdout.isTTY === true;
  let total = initialTotal;
  let lastPercent = -1;
  let drawn = false;
  const report = (done: number, newTotal?: number) => {
    if (newTotal !== undefined) total = newTotal;
    if (total <= 0) return;
    const percent = Math.floor((done / total) * 100);
    if (tty) {
      const width = 30;
      const filled = Math.round((done / total) * width);
      process.stdout.write(`\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} (${percent}%)`);
      drawn = true;
    } else if (percent >= lastPercent + 10 || (done === total && percent !== lastPercent)) {
      lastPercent = percent;
      console.log(`${label}: ${done}/${total} (${percent}%)`);
    }
  };
  return Object.assign(report, {
    end() {
      if (tty && drawn) process.stdout.write("\n");
    },
  });
}
