/**
 * How admin routes bind their machines to the screens: the URL's search goes to a page machine as a typed
 * QUERY, a table's changes go back to the URL, and a form's state and gestures go to and from its actor.
 */
import type { RowData } from "@tanstack/react-table";
import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import type { ActorRefFrom } from "xstate";
import type { adminFormMachine } from "#src/machines/admin/admin-form.machine.ts";
import { toFormView } from "#src/machines/admin/admin-form.view.ts";
import type { TableView } from "#src/machines/admin/admin-table.view.ts";
import { useMachineEffects } from "#src/pages/shell/use-machine-effects.ts";
import type { PagedBinding, TableBinding } from "#src/ui/admin/data-table.tsx";
import type { FormBinding } from "#src/ui/admin/form-dialog.tsx";

type FormRef = ActorRefFrom<typeof adminFormMachine>;

/** The URL owns a page's search: every change reaches the page machine, which ignores one that changes nothing. */
export function useSearchQuery<TSearch>(
  page: { send: (event: { type: "QUERY"; search: TSearch }) => void },
  search: TSearch,
) {
  useEffect(() => page.send({ type: "QUERY", search }), [page, search]);
}

export const bindPages = <TRow extends RowData, TSearch>(
  view: TableView<TRow, TSearch>,
  go: (search: TSearch) => void,
): PagedBinding<TRow> => ({
  rows: view.rows,
  page: view.page,
  hasNext: view.hasNext,
  onPage: (page) => go(view.after({ page })),
});

export const bindTable = <TRow extends RowData, TSearch>(
  view: TableView<TRow, TSearch>,
  go: (search: TSearch) => void,
): TableBinding<TRow> => ({
  ...bindPages(view, go),
  sort: view.sort,
  search: view.q,
  onSort: (sort) => go(view.after({ sort })),
  onSearch: (q) => go(view.after({ q })),
});

/** A form's state and gestures for its screen, and its toasts shown; `undefined` is a closed dialog. */
export function useFormBinding(form: FormRef | undefined): FormBinding & ReturnType<typeof toFormView> {
  useMachineEffects(form ?? null);
  const view = useSelector(form, toFormView);
  return {
    ...view,
    onChange: (name, value) => form?.send({ type: "CHANGE", name, value }),
    onCancel: () => form?.send({ type: "CLOSE" }),
    onSubmit: () => form?.send({ type: "SUBMIT" }),
  };
}
