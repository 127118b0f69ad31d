// '@dosar/shared/testing': helpers for the workspaces' jest tests (not part of the federated bundle).
export * from './src/testing';
