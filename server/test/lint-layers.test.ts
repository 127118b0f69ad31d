import path from 'node:path';
import { ESLint } from 'eslint';

// The layer rules as a maintainer meets them: a file at a given path importing a given module.
const root = path.resolve(__dirname, '..', '..');
// The repository's own config, handed over directly (jest cannot run ESLint's dynamic import of it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(path.join(root, 'eslint.config.js'));
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'dosar/layers').map((m) => m.message);
}

jest.setTimeout(60_000);

describe('server layers', () => {
  it('keeps Kysely and query building in repositories', async () => {
    expect(
      await layerErrors('server/src/features/clients/service.ts', "import { sql } from 'kysely';\nvoid sql;\n"),
    ).toEqual([expect.stringMatching(/^Kysely doar în repository-uri/)]);
    expect(
      await layerErrors(
        'server/src/features/clients/service.ts',
        'export const f = (db: any) => db.selectFrom("clients");\n',
      ),
    ).toEqual([expect.stringMatching(/^Interogările se construiesc doar în repository-uri/)]);
    for (const file of [
      'server/src/features/clients/repository.ts',
      'server/src/features/clients/list.repository.ts',
      'server/src/features/billing/payments-repository.ts',
      'server/src/db/search.ts',
      'server/src/infra/outbox.ts',
    ]) {
      expect([file, await layerErrors(file, "import { sql } from 'kysely';\nvoid sql;\n")]).toEqual([file, []]);
    }
  });

  it('keeps routes off repositories and features behind their index', async () => {
    expect(
      await layerErrors(
        'server/src/features/clients/routes.ts',
        "import * as repo from './repository.js';\nvoid repo;\n",
      ),
    ).toEqual(['O rută nu importă un repository: trece prin service.']);
    expect(
      await layerErrors(
        'server/src/features/clients/service.ts',
        "import { emailTaken } from '../auth/repository.js';\nvoid emailTaken;\n",
      ),
    ).toEqual(['O funcționalitate importă din „auth” doar prin auth/index.ts.']);
    expect(
      await layerErrors(
        'server/src/features/clients/service.ts',
        "import { emailTaken } from '../auth/index.js';\nvoid emailTaken;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'server/src/infra/boot.ts',
        "import { seedDemo } from '../seed.js';\nimport { x } from '../features/users/index.js';\nvoid seedDemo; void x;\n",
      ),
    ).toEqual(['infra/ nu importă nicio funcționalitate: primește ce îi trebuie de la app.ts / index.ts.']);
  });

  it('refuses an import that closes a cycle between features', async () => {
    // billing depends on the doors (its policy and routes): the doors importing billing would close a cycle.
    expect(
      await layerErrors(
        'server/src/features/doors/index.ts',
        "import { assertScopeWritable } from '../billing/index.js';\nvoid assertScopeWritable;\n",
      ),
    ).toEqual([
      expect.stringMatching(
        /^Importul din „billing” închide un ciclu între funcționalități: doors → billing → doors\./,
      ),
    ]);
    // Longer cycles are named step by step: activity records for documents, documents load its clients.
    const [longer] = await layerErrors(
      'server/src/features/activity/service.ts',
      "import { loadScopedClient } from '../documents/index.js';\nvoid loadScopedClient;\n",
    );
    expect(longer).toMatch(
      /^Importul din „documents” închide un ciclu între funcționalități: activity → documents → activity\./,
    );
    // The same import the other way round is the graph as it stands; a test file closes no cycle.
    expect(
      await layerErrors(
        'server/src/features/documents/history.ts',
        "import { recordActivity } from '../activity/index.js';\nvoid recordActivity;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'server/src/features/doors/doors.test.ts',
        "import { assertScopeWritable } from '../billing/index.js';\nvoid assertScopeWritable;\n",
      ),
    ).toEqual([]);
  });

  it("lets the list of features (outside any feature) take each feature's routes.ts", async () => {
    expect(
      await layerErrors(
        'server/src/features/index.ts',
        "import { clientRoutes } from './clients/routes.js';\nimport { billingRoutes } from './billing/routes.js';\nvoid clientRoutes; void billingRoutes;\n",
      ),
    ).toEqual([]);
  });
});

it('takes every error from the catalogue in infra/errors.ts', async () => {
  const code =
    "import { AppError } from '../../infra/errors.js';\nexport const e = () => new AppError(404, 'x', 'y');\n";
  expect(await layerErrors('server/src/features/clients/service.ts', code)).toEqual([
    'Erorile vin din catalogul infra/errors.ts (errors.…), nu din new AppError.',
  ]);
});

describe('front-end layers', () => {
  it('keeps features apart and shared/src/ui off HTTP', async () => {
    const [feature] = await eslint.lintText("import { x } from '../users/api';\nexport const y = x;\n", {
      filePath: path.join(root, 'company-app/src/features/clients/thing.ts'),
    });
    expect(feature.messages.map((m) => m.ruleId)).toContain('dosar/feature-isolation');
    const [ui] = await eslint.lintText("import { http } from '../http';\nexport const y = http;\n", {
      filePath: path.join(root, 'shared/src/ui/Thing.tsx'),
    });
    expect(ui.messages.map((m) => m.ruleId)).toContain('dosar/no-http-in-ui');
  });
});
