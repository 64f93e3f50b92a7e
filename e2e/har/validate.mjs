// Validates the HAR file named on the command line against the HAR 1.2
// schema with har-validator; exits non-zero, printing the errors, when it
// does not validate. Run by TestCLIHARValidates in cmd/agentbrowser.
import { readFileSync } from 'node:fs';
import validator from 'har-validator';

const file = process.argv[2];
const har = JSON.parse(readFileSync(file, 'utf8'));
try {
  await validator.har(har);
  console.log(`${file}: valid HAR ${har.log.version}, ${har.log.entries.length} entries`);
} catch (e) {
  console.error(`${file} is not a valid HAR:`, JSON.stringify(e.errors || e.message, null, 1));
  process.exit(1);
}
