// Syllabot runs on Node.js 24 (decision 012). `npm install` puts Node 24 in node_modules/.bin
// (the `node` devDependency) and npm scripts put that folder first on PATH, so `npm start` and
// `npm test` run on it whatever Node the machine has. Started another way on an older Node, stop
// and say how instead of failing later on a missing API.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `\nSyllabot needs Node.js 24; this is ${process.version} (${process.execPath}).\n` +
      'Run it through npm (`npm install`, then `npm start` or `npm test`): npm scripts use the\n' +
      'Node 24 that `npm install` puts in node_modules/.bin. Or install Node 24 yourself.\n',
  );
  process.exit(1);
}
