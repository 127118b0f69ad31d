import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrations } from './index.js';

/**
 * Migrations are frozen: once a migration file is in the repository, databases out there have run it,
 * and editing it would leave them with a schema no fresh database has. Every migration file and the
 * SHA-256 of its bytes is recorded here; a change of the schema is a new migration file (record its hash
 * below when you add it).
 */
const FROZEN: Record<string, string> = {
  '2026-11-22-001-core.ts': '1713042d8f8f402f0751b554eda9f106577c84e60311ffbc38b30f39ff5c054d',
  '2026-11-22-010-auth-indexes.ts': '12846d07a6a5f8cddfd0f66a9a9b668219b142d4a89fa95aea21c98d2171b4cf',
  '2026-11-22-020-company-client-stats.ts': '0d1a24359b85fe2db5f716683f0ae46b09cc85189a28716cee0d53d85c7c5cce',
  '2026-11-22-030-company-requests.ts': '5aba8068397ee151f9c5d8db4821d5d5f8927ba344f46fb3d65bd8637d3aed49',
  '2026-11-22-040-billing.ts': '78d70a2335117270b7e8ea60f6ce5be3be4ba54a99212c652a21587c8d049bfc',
  '2026-11-22-041-mail-outbox-campaigns.ts': 'bbd0652fbb34a518c2f04d833c1631777400f2bc014abd10b309850cfe42ba0e',
  '2026-11-22-050-search-indexes.ts': 'b256f37b44d4430fb30d4bdd640c1e840f6037422cb8d90627df5e90dbec59c1',
  '2026-11-22-060-read-cache-notify.ts': '9c302817d1fb06ae925b99178294fd3673da467516ea2b8b5b83cb7352ba05b6',
  '2026-11-22-061-trigram-fastupdate-off.ts': '7d02209d20f78c165c2cbbeefb23580c9c328e0b6a6ff1083252f76e9d08175a',
  '2026-11-25-070-two-factor-sessions.ts': '28abd1ddcb362b062adc1ef07432460fe87c84d55fcbec72ecd7a2be3da3652e',
  '2026-11-25-071-email-verification-cui-claims.ts': 'd123ef0cba339acb1a159050da028215c1ddf456af1b0d0b7f403f4eb4a9d3ce',
  '2026-11-25-080-document-trash.ts': '294939200e3751cf163c3c705c124f6cabdd766f45e4f43936832bb498b1f526',
  '2026-11-26-090-month.ts': '8edfd5dadd9dcbe821f376e69b5e3503023a073bc8e99c6f37ddb195d4c3cc4f',
  '2026-11-26-091-month-read-cache.ts': 'a643142983d55b2881ade858fb6524c6d7d04f458507298ab72e41fa596e121e',
  '2026-11-26-100-cache-notices-per-tenant.ts': '04d72b355e8a524ed8bcdfa8619286a27f4c8540f544c594ddbca3e9eee76326',
  '2026-11-26-110-client-page-index.ts': '2b9c87538643602037caf84e6a851fc7329cdd26e633dd93f4f05d4404d9468b',
  '2026-11-26-120-client-folded-name.ts': '86976f82cd3121fc48f9a37a5e1ee81a7da6bca89305a688fe13980e8b822510',
  '2026-11-26-130-storage-ledger.ts': '0b23790d25c9fc5874960a816c98e6b6668d96459bb88af045840af60cb3b9e1',
  '2026-11-26-140-client-stats-per-statement.ts': '2c24a9736a0fe24369cbc9839a152ae14b36395a2ed22ff88b0d793abe97ec76',
  '2026-11-26-150-media-company-month.ts': '51c67eb2f82794367b0a59c7307b391e319a61b93c8c7b187fd735603a273313',
  '2026-11-27-160-kept-months.ts': '2257db7e411a5fd6a462731726453718751f2e80aec7aca3ad627b1b6d54eec9',
  '2026-11-27-170-media-company-month-status.ts': '4b40fa932a5e6a0270d8d73d723f7769f4ba2ca4b46b920087f033e317d6edd6',
  '2026-11-28-180-drop-read-caches.ts': '7bf93e56bf9438d80b03ddd884d67a3382e37111c561589efbc9fe4975b97a28',
  '2026-11-29-190-session-second-factor.ts': '4c28d8a4eba858dde3630db6637a84be9086e5fc22c9fbf436060063be491a97',
  '2026-11-29-200-mail-budgets.ts': 'ab7a60f59b185c1ffd93585a861dde690c6da0df305131794eab4a4b473165a7',
  '2026-11-29-210-portal-people-of-a-firm.ts': '0e836ab5df738dd38c8452185a7b92d724f6b3ee79084a529a4e4bf45ca32b99',
  '2026-11-30-230-reminders.ts': '36104383ff5c50e9f038f2188d288a3e25ecd654242fac1ebe7d92e138c2f2bb',
  '2026-11-30-240-upload-links.ts': 'c0c48268795ed57be5f4353544710312e44596b2240a4ff453906d910f7e4b14',
  '2026-11-30-250-firm-notifications.ts': 'ab5c62adcd68cf6d7faeb42517330c2671c92425cd7f93eaef344c93064eb3dc',
  '2026-11-30-260-invoices.ts': '6f50c1e00f0996e5730cdc33e75efad015e87775af0fad695a6174dedd546303',
  '2026-11-30-270-document-search.ts': 'e5d9610c3e43c7f9333f2e7dd9a1c94a1373bdba798930e2a22979b16c31d3a4',
  '2026-11-30-280-anaf.ts': '9d99b37fba583476c04b8e2be4036549bc309c43c762b37806b2e85aa805bee5',
  '2026-11-30-290-declarations.ts': 'b09f842ac4bbef0a713024c9db9d56d07840e55d37fbe93e1657636b6514fdc7',
  '2026-11-30-300-client-and-firm-keys.ts': '3ce6cd5354573795f250302c3b27730493a425ae1fdb26222eb73f6bac31870d',
};

const dir = path.resolve(__dirname);
const migrationFiles = (): string[] =>
  fs
    .readdirSync(dir)
    .filter((name) => /^\d{4}-\d{2}-\d{2}-\d{3}-[a-z0-9-]+\.ts$/.test(name))
    .sort();
const sha256 = (name: string): string =>
  crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(dir, name)))
    .digest('hex');

describe('frozen migrations', () => {
  it.each(Object.entries(FROZEN))('%s is unchanged', (name, hash) => {
    if (!fs.existsSync(path.join(dir, name))) {
      throw new Error(`Migration ${name} was deleted or renamed: migrations are frozen, add a new migration instead.`);
    }
    if (sha256(name) !== hash) {
      throw new Error(
        `Migration ${name} was changed: databases that already ran it would never see the change. ` +
          'Migrations are frozen: revert it and add a new migration instead.',
      );
    }
  });

  it('every migration file is recorded here (a new one: add its sha256 to FROZEN)', () => {
    const unrecorded = migrationFiles().filter((name) => !(name in FROZEN));
    expect(unrecorded.map((name) => `'${name}': '${sha256(name)}',`)).toEqual([]);
  });

  it('every migration file is in the migration list (index.ts), and only those', () => {
    expect(Object.keys(migrations).sort()).toEqual(migrationFiles().map((name) => name.replace(/\.ts$/, '')));
  });
});
