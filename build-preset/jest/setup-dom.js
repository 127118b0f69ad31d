// jest setupFilesAfterEnv of the front-end packages: the DOM matchers (toBeInTheDocument…).
require('@testing-library/jest-dom');
