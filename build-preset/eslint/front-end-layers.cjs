// ESLint plugin of the front-end layers (docs/ARCHITECTURE.md), used by eslint.config.js.
const path = require('node:path');

/**
 * Front-end layer rules, as a local plugin so they judge the resolved path of an
 * import (a relative path may climb any number of folders) rather than its spelling.
 * Every static import, re-export and dynamic import() counts.
 */

const importSources = (context, check) => {
  const visit = (node) => {
    if (node.source && node.source.type === 'Literal' && typeof node.source.value === 'string') {
      check(node.source, node.source.value);
    }
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
};

const resolvedFrom = (context, source) =>
  source.startsWith('.') ? path.resolve(path.dirname(context.filename), source) : null;

module.exports = {
  rules: {
    // <app>/src/features/X/** never imports <app>/src/features/Y/**: what two features share
    // lives in the app's lib/ (or in @dosar/shared), so a feature can move or go alone.
    'feature-isolation': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename.split(path.sep).join('/');
        const match = /^(.*\/src\/features)\/([^/]+)\//.exec(file);
        if (!match) return {};
        const [, featuresDir, own] = match;
        return importSources(context, (node, source) => {
          const target = resolvedFrom(context, source);
          let other = null;
          if (target) {
            const [first] = path.relative(featuresDir, target).split(path.sep);
            if (first && first !== '..') other = first;
          } else {
            other = /(^|\/)features\/([^/]+)/.exec(source)?.[2] ?? null;
          }
          if (other && other !== own) {
            context.report({
              node,
              message: `Feature-ul „${own}” nu importă din feature-ul „${other}”: ce folosesc amândouă stă în lib/ sau în @dosar/shared.`,
            });
          }
        });
      },
    },
    // shared/src/ui/** is presentation only: no HTTP client, no axios, no api/ module, no fetch.
    // The calls live beside their feature (files/api, session/api, …) and reach ui as props.
    'no-http-in-ui': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const message =
          'shared/src/ui nu face apeluri HTTP: apelul stă în modulul api/ al funcționalității, iar componenta îl primește prin props.';
        const srcDir = path.resolve(__dirname, '..', '..', 'shared/src');
        return {
          ...importSources(context, (node, source) => {
            const target = resolvedFrom(context, source);
            const rel = target ? path.relative(srcDir, target).split(path.sep) : [];
            const http = source === 'axios' || source.startsWith('axios/') || rel[0] === 'http' || rel.includes('api');
            if (http) context.report({ node, message });
          }),
          CallExpression(node) {
            if (node.callee.type === 'Identifier' && node.callee.name === 'fetch') context.report({ node, message });
          },
          NewExpression(node) {
            if (node.callee.type === 'Identifier' && node.callee.name === 'XMLHttpRequest')
              context.report({ node, message });
          },
        };
      },
    },
    // shared/src/ui/** holds primitives any screen may show, signed in or not: no session (its modules
    // or the redux store it lives in) and nothing of the area frame (shared/src/area), which reads it.
    'no-session-in-ui': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const message =
          'shared/src/ui ține doar primitive: nu citește sesiunea (session/, react-redux) și nu importă din area/; componenta primește ce îi trebuie prin props.';
        const srcDir = path.resolve(__dirname, '..', '..', 'shared/src');
        return importSources(context, (node, source) => {
          const target = resolvedFrom(context, source);
          const [first] = target ? path.relative(srcDir, target).split(path.sep) : [];
          if (source === 'react-redux' || first === 'session' || first === 'area') context.report({ node, message });
        });
      },
    },
  },
};
