import { Create, Edit, SimpleForm } from 'react-admin';
import { lintelProductCreateSchema, lintelProductDefaults } from '../../domain/catalogue';
import { zodResolver } from '../../forms/zodResolver';
import { LintelProductInputs } from './LintelProductInputs';

const resolver = zodResolver(lintelProductCreateSchema);

export function LintelProductCreate() {
  return (
    <Create title="CATALOGUE.Lintel.CreateTitle" redirect="list">
      <SimpleForm resolver={resolver} mode="onChange" defaultValues={lintelProductDefaults}>
        <LintelProductInputs />
      </SimpleForm>
    </Create>
  );
}

/** Pessimistic: the server's answer (a duplicate, a refused value) is shown before the page leaves. */
export function LintelProductEdit() {
  return (
    <Edit title="CATALOGUE.Lintel.EditTitle" mutationMode="pessimistic" redirect="list">
      <SimpleForm resolver={resolver} mode="onChange">
        <LintelProductInputs />
      </SimpleForm>
    </Edit>
  );
}
