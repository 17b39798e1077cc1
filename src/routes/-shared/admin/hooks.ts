import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { type AnyActorLogic, fromPromise } from "xstate";
import {
  adminFormMachine,
  type FormFields,
  type FormSuccess,
} from "#src/machines/admin/admin-form.machine.ts";
import { adminPageMachine, type PageQuery } from "#src/machines/admin/admin-page.machine.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { useMachineEffects } from "../use-machine-effects.ts";

/** One admin page's data machine; a changed URL query is sent to it as QUERY. */
export function useAdminPage(load: AnyActorLogic, failure: string, query: PageQuery) {
  const actor = useActorRef(adminPageMachine.provide({ actors: { load } }), { input: { query, failure } });
  useMachineEffects(actor);
  const serialized = JSON.stringify(query);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    actor.send({ type: "QUERY", query: JSON.parse(serialized) as PageQuery });
  }, [actor, serialized]);
  const snapshot = useSelector(actor, (state) => state);
  return { actor, snapshot };
}

/** One admin form or dialog machine, its submit provided; `onDone` runs the reloads spec §4 lists. */
export function useAdminForm(options: {
  runtime: AppRuntime;
  fields: FormFields;
  required: string[];
  failure: string;
  dialog: boolean;
  submit: (fields: FormFields, target: Record<string, string> | null, key: string) => Promise<FormSuccess>;
  onDone?: () => void;
}) {
  const { submit, onDone } = options;
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const actor = useActorRef(
    adminFormMachine.provide({
      actors: {
        submit: fromPromiseOf((input) => submitRef.current(input.fields, input.target, input.key)),
      },
    }),
    {
      input: {
        fields: options.fields,
        required: options.required,
        failure: options.failure,
        dialog: options.dialog,
        newId: options.runtime.newId,
      },
    },
  );
  useMachineEffects(actor);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  useEffect(() => {
    const subscription = actor.on("done", () => doneRef.current?.());
    return () => subscription.unsubscribe();
  }, [actor]);
  const snapshot = useSelector(actor, (state) => state);
  return { actor, snapshot, busy: snapshot.hasTag("busy"), open: snapshot.matches("open") };
}

type SubmitInput = { fields: FormFields; target: Record<string, string> | null; key: string };
const fromPromiseOf = (run: (input: SubmitInput) => Promise<FormSuccess>) =>
  fromPromise<FormSuccess, SubmitInput>(({ input }) => run(input));
