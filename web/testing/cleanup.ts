/**
 * Every component test's page is taken down after it: what a test drew (and any timer it set, such
 * as a wait for an idle moment) never outlives it. Testing Library does this by itself only when
 * test globals are on, which they are not here.
 */
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
});
