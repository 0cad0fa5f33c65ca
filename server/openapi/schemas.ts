import { z } from 'zod';
import type { AacProduct, LintelProduct } from '../../src/domain/catalogue.js';
import type { DeliveryLotRecord } from '../../src/domain/deliveries.js';
import type { AacOrderItem, LintelOrderItem } from '../../src/domain/orders.js';
import type { ProjectUnit } from '../../src/domain/projectUnits.js';
import type { Task } from '../../src/domain/tasks.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { UserRecord } from '../../src/domain/users.js';
import { id, isoDate, isoDateTime } from './registry.js';

/**
 * Response schemas of the contract. Objects are open (a new field is additive); `tests/api` validates every
 * response of the API suite against them, and the `Covers` checks below make the compiler compare the central
 * records with the domain's TypeScript types.
 */
type Covers<Domain, Schema extends z.ZodType> = Domain extends z.infer<Schema> ? true : never;
const covers = <T extends true>(_proof?: T) => undefined;

const text = z.string();
const nullableText = z.string().nullable();
const nullableId = id.nullable();

export const SessionUserSchema = z
  .object({
    id, login: text, firstName: text, lastName: text, isInternal: z.boolean(), isExternalLogin: z.boolean(), isAdmin: z.boolean(),
    isConfigurer: z.boolean(), language: z.enum(['de', 'en', 'nl']), hasProfileImage: z.boolean(), tenantIds: z.array(id), salesOrgIds: z.array(id),
  })
  .openapi('SessionUser');
covers<Covers<SessionUser, typeof SessionUserSchema>>();

export const InfoMessage = z.object({ status: z.number().int(), messages: z.array(z.object({ type: text, text })) }).openapi('InfoMessage');
export const Count = z.object({ count: z.number().int() });
export const Available = z.object({ available: z.boolean() });

export const Profile = z
  .object({
    data: z.object({
      user: z.object({ userID: id, userLogin: text, language: text }),
      userProfile: z.object({ firstName: text, lastName: text, hasProfileImage: z.union([z.literal(0), z.literal(1)]), dailyStatusMail: z.boolean() }),
      isExternalLogin: z.boolean(),
      address: z.object({ name: text, street1: text, street2: text, zip: text, city: text }),
      contact: z.object({ officePhone: text, companyMobile: text }),
    }),
  })
  .openapi('Profile');

export const BannerRecord = z
  .object({ id, notificationID: id, title: text, text, level: z.enum(['info', 'warning', 'important']), showFrom: isoDateTime, showUntil: isoDateTime, salesOrgs: z.array(id) })
  .openapi('BannerNotification');

export const SalesOrgRecord = z
  .object({
    id, salesOrgID: id, salesOrgKey: text, title: text, tenantID: id, defaultPlantID: nullableId, additionalInfo: z.record(z.string(), z.unknown()),
    contactMail: text, salesOrgUrl: text, imageUrl: text, hasImage: z.boolean(),
  })
  .openapi('SalesOrganisation');

export const UserRecordSchema = z
  .object({
    id, userID: id, login: text, email: text, firstName: text, lastName: text, isInternal: z.boolean(), isExternalLogin: z.boolean(), isAdmin: z.boolean(),
    isConfigurer: z.boolean(), isActive: z.boolean(), language: text, tenantIDs: z.array(id), salesOrgIDs: z.array(id), createdAt: isoDateTime,
    deleted: z.boolean(), hasPassword: z.boolean(),
  })
  .openapi('User');
covers<Covers<UserRecord, typeof UserRecordSchema>>();

export const MailRecord = z
  .object({ id, kind: text, recipient: text, subject: text, body: text, status: z.enum(['queued', 'sent', 'failed']), attempts: z.number().int(), lastError: nullableText, createdAt: isoDateTime, sentAt: isoDateTime.nullable() })
  .openapi('Mail');

export const ProjectUnitSchema = z
  .object({
    id, projectUnitID: id, rootProjectUnitID: id, parentProjectUnitID: nullableId, tenantID: id, salesOrgID: nullableId, projectUnitType: text,
    projectUnitTypeVariant: text, projectUnitNo: text, title: text, notes: text, stateKey: text, stateSince: isoDateTime, deliveryDate: isoDate.nullable(),
    earliestDeliveryDate: isoDate.nullable(), siteAddressID: nullableId, siteContactID: nullableId, productType: nullableText, productTypeID: nullableId,
    productTypeBGColor: nullableText, productTypeTextColor: nullableText, plant: nullableText, plantID: nullableId, data: text,
    preliminaryDays: z.number().int(),
    tooEarlyDates: z.array(z.object({ index: z.number().int(), type: text, deliveryDate: isoDate, earliestDate: isoDate })), hasChildren: z.boolean(), itemCount: z.number().int(), version: z.number().int(),
  })
  .openapi('ProjectUnit');
covers<Covers<ProjectUnit, typeof ProjectUnitSchema>>();

const UnitAction = z.object({ action: text, to: text, requirements: z.array(text), call: text.nullable(), message: z.enum(['none', 'optional', 'required']), secondary: z.boolean(), disabledReason: nullableText, buildsStructure: z.boolean() });
const RuleResult = z.object({ allowed: z.boolean(), reason: text.optional() });

export const UnitContextSchema = z
  .object({
    unit: ProjectUnitSchema, root: ProjectUnitSchema, path: z.array(ProjectUnitSchema), role: nullableText, isInternal: z.boolean(), features: z.array(text),
    infoSheetValid: z.boolean(), tenant: z.object({ id, name: text, type: text, hasLogo: z.boolean(), features: z.array(text) }), allowedChildTypes: z.array(text),
    workflow: z.object({
      task: z.object({ taskKey: text, help: nullableText }).nullable(),
      actions: z.array(UnitAction),
      definitionVersion: z.number().int(),
      /** The message that came with the transition into the current state (check-data message, requested changes). */
      message: z.object({ text, author: text, createdAt: text }).nullable(),
    }),
    journalAvailable: z.boolean(),
    can: z.object({
      create: z.record(z.string(), RuleResult), edit: RuleResult, delete: RuleResult, structure: RuleResult, materials: RuleResult,
      confirmDeliveries: z.boolean(), viewer: z.boolean(), assign: RuleResult,
    }),
  })
  .openapi('UnitContext');

export const TransitionResult = z
  .object({ projectUnitID: id, rootProjectUnitID: id, action: text, oldState: text, stateKey: text, stateSince: isoDateTime, version: z.number().int(), moved: z.array(id), created: z.array(id) })
  .openapi('TransitionResult');

export const TaskSchema = z
  .object({
    id, projectUnitID: id, rootProjectUnitID: id, projectUnitNo: text, rootUnitTitle: text, parentUnitTitle: nullableText, unitTitle: text, projectUnitType: text,
    stateKey: text, taskKey: text, changedOn: isoDateTime, tenantID: id, salesOrgID: nullableId, delayed: z.boolean(),
  })
  .openapi('Task');
covers<Covers<Task, typeof TaskSchema>>();

export const AacProductSchema = z
  .object({ id, tenantID: id, tenantName: text, productNo: z.number().int(), articleNo: text, title: text, value: text, thickness: z.number(), width: z.number(), minLength: z.number(), maxLength: z.number(), unitsPerPallet: z.number(), price: z.number().nullable(), active: z.boolean() })
  .openapi('AacProduct');
covers<Covers<AacProduct, typeof AacProductSchema>>();
export const LintelProductSchema = z
  .object({ id, tenantID: id, tenantName: text, itemNo: text, title: text, value: text, height: z.number(), thickness: z.number(), length: z.number(), lintelType: text, unitsPerPallet: z.number(), price: z.number().nullable(), active: z.boolean() })
  .openapi('LintelProduct');
covers<Covers<LintelProduct, typeof LintelProductSchema>>();

export const AacItemSchema = z
  .object({ id, aacOrderLotItemID: id, projectUnitID: id, itemIndex: z.number().int(), sublotName: text, floorName: text, productNo: z.number().int(), itemLength: z.number(), qty: z.number().int(), version: z.number().int() })
  .openapi('AacOrderItem');
covers<Covers<AacOrderItem, typeof AacItemSchema>>();
export const LintelItemSchema = z
  .object({
    id, lintelOrderLotItemID: id, projectUnitID: id, itemIndex: z.number().int(), sublotName: text, floorName: text, qty: z.number().int(), hasCut: z.boolean(),
    thickness: z.number(), length: z.number(), height: z.number(), productID: id, lintelType: text, version: z.number().int(),
  })
  .openapi('LintelOrderItem');
covers<Covers<LintelOrderItem, typeof LintelItemSchema>>();

export const OrderSummarySchema = z
  .object({ lines: z.array(z.object({ product: text, totalArea: z.number(), totalAreaString: text, totalQty: z.number(), totalPallets: z.number() })), totalArea: z.number(), totalAreaString: text, totalQty: z.number(), totalPallets: z.number(), smallVolume: z.boolean() })
  .openapi('OrderSummary');

export const OrderPage = z
  .object({
    lot: z.object({ projectUnitID: id, rootProjectUnitID: id, projectUnitNo: text, title: text, parentTitle: text, stateKey: text, kind: z.enum(['aac', 'lintel']), version: z.number().int(), productType: nullableText, productTypeID: nullableId, wallNos: z.array(text).optional() }),
    editable: z.boolean(),
    editReason: nullableText,
    placeOrder: UnitAction.nullable(),
    products: z.array(z.union([AacProductSchema, LintelProductSchema])),
    items: z.array(z.union([AacItemSchema, LintelItemSchema])),
    summary: OrderSummarySchema,
  })
  .openapi('OrderPage');

export const DeliveryLotSchema = z
  .object({ id, deliveryLotID: id, rootProjectUnitID: id, title: text, deliveryDate: isoDate, groups: text, wallNos: text, projectUnitIDs: text, deliveryType: z.union([z.literal(0), z.literal(1), z.literal(2)]), version: z.number().int() })
  .openapi('DeliveryLot');
covers<Covers<DeliveryLotRecord, typeof DeliveryLotSchema>>();

export const Material = z.object({ type: text, volume: z.number(), deliveryDate: text });
const MaterialType = z.object({ key: text, label: text });
export const MaterialContext = z.object({ available: z.number(), materialTypes: z.array(MaterialType), minDate: z.record(z.string(), text), canEdit: z.boolean(), editReason: nullableText });
export const DeliveryData = z
  .object({
    canEdit: z.boolean(), editReason: nullableText, materialTypes: z.array(MaterialType),
    subProjects: z.array(z.object({ subProjectID: id, subProjectTitle: text, approvalLots: z.array(z.object({ approvalLotID: id, approvalLotTitle: text, stateKey: text, materials: z.array(Material), minDate: z.record(z.string(), text), available: z.number() })) })),
  })
  .openapi('DeliveryData');

export const CclScheduleEntry = z
  .object({ id, projectUnitID: id, title: text, subTitle: text, custRef: text, stateKey: text, features: text, deliveryWeek: text, note: text })
  .openapi('CclScheduleEntry');

export const StructureView = z
  .object({
    rootProjectUnitID: id, projectUnitNo: text, title: text, tenantType: text, secondLevelType: text, withMaterials: z.boolean(),
    draft: z.record(z.string(), z.unknown()), source: z.enum(['server', 'units']), version: z.number().int().nullable(), updatedAt: isoDateTime.nullable(),
    rules: z.object({ today: isoDate, materialTypes: z.array(z.object({ key: text, label: text })), sellsAac: z.boolean().optional(), orderLotMinDate: isoDate.optional() }), canEdit: z.boolean(), editReason: nullableText, finishAction: UnitAction.nullable(),
  })
  .openapi('StructureView');

export const QuestionnaireView = z
  .object({
    rootProjectUnitID: id, projectUnitNo: text, title: text, tenantType: text, setKey: text.nullable(), canEdit: z.boolean(), editReason: nullableText,
    minActiveSheets: z.number().int(), sheets: z.array(z.record(z.string(), z.unknown())), data: z.record(z.string(), z.unknown()), isValid: z.boolean(),
    sheetValidity: z.unknown(), version: z.number().int(), updatedAt: isoDateTime.nullable(),
  })
  .openapi('Questionnaire');
export const QuestionnaireMaterialTypes = z.array(z.object({ key: text, label: text }));

export const SheetRecord = z
  .object({ id, name: text, version: z.number().int(), status: z.enum(['draft', 'published']), title: text, titles: z.record(z.string(), z.string()), createdAt: isoDateTime, updatedAt: isoDateTime, publishedAt: isoDateTime.nullable(), usedBy: z.number().int(), latest: z.boolean() })
  .openapi('QuestionnaireSheet');
export const SheetFull = SheetRecord.extend({ schema: z.record(z.string(), z.unknown()), uiSchema: z.record(z.string(), z.unknown()) }).openapi('QuestionnaireSheetWithSchema');

export const WorkflowDefinitionView = z
  .object({ version: z.number().int(), definition: z.record(z.string(), z.unknown()), createdAt: isoDateTime.nullable(), createdBy: nullableText, comment: text })
  .openapi('WorkflowDefinitionVersion');

export const ProjectFileSchema = z
  .object({ id, projectFileID: id, projectUnitID: id, name: text, size: z.number().int(), contentType: text, createdAt: isoDateTime, uploadedByID: nullableId, uploadedBy: text, canDelete: z.boolean() })
  .openapi('ProjectFile');
export const FileTreeNode: z.ZodType = z
  .object({ projectUnitID: id, title: text, projectUnitNo: text, children: z.array(z.lazy(() => FileTreeNode)), files: z.array(z.object({ projectFileID: id, name: text, size: z.number().int(), selected: z.boolean() })) })
  .openapi('FileTreeNode');

/** A lot or storey of the model: its walls (names and STEP ids) and their net volume in m³ (null: unknown). */
const IfcLot = z.object({
  name: text, wallNos: z.array(text), wallIds: z.array(z.number().int()).optional(), volume: z.number().nullable().optional(),
  slabCount: z.number().int().optional(), materialType: text.nullable().optional(), deliveryDate: isoDate.nullable().optional(),
});
export const IfcStructure = z.object({ subProjects: z.array(z.object({ title: text, approvalLots: z.array(text), lots: z.array(IfcLot), storeys: z.array(IfcLot).optional() })) }).openapi('IfcStructure');
export const IfcFileChoice = z.object({ fileId: id, name: text, unitTitle: text }).openapi('IfcFileChoice');

const ViewerFile = z.object({ id, name: text });
export const ViewerStatus = z.object({ status: z.enum(['none', 'pending', 'ready', 'failed']), file: ViewerFile.optional() }).openapi('ViewerStatus');
export const ViewerModel = z.object({ status: z.enum(['ready', 'pending', 'failed']), file: ViewerFile }).openapi('ViewerModel');

export const MemberSchema = z
  .object({
    userID: id, userLogin: text, firstName: text, lastName: text, name: text, officePhone: text, companyMobile: text, officeFax: text, email: text.optional(),
    memberRoleKey: text, tenantID: nullableId, salesOrgID: nullableId, hasProfileImage: z.boolean(), isDeleted: z.boolean(),
  })
  .openapi('Member');
export const MemberProfile = z
  .object({ personal: z.object({ firstName: text, lastName: text, hasProfileImage: z.boolean(), userID: id }), contact: z.object({ officePhone: text }), company: z.object({ name: text }), memberRoleKey: text, isDeleted: z.boolean(), project: z.object({ projectUnitID: id, projectUnitNo: text, title: text }) })
  .openapi('MemberProfile');

export const SearchRecord = z
  .object({
    id, projectUnitID: id, rootProjectUnitID: id, title: text, projectUnitNo: text, projectUnitType: text, productType: nullableText, productTypeID: nullableId,
    productTypeBGColor: nullableText, productTypeTextColor: nullableText, plant: nullableText, plantID: nullableId, orderNumber: nullableText,
    rootTitle: nullableText, parentTitle: nullableText,
  })
  .openapi('ProjectSearchRecord');

export const UnitParamRecord = z
  .object({ id, projectUnitParamID: id, projectUnitID: id, paramKey: text, paramValue: text, createdOn: isoDateTime })
  .openapi('ProjectUnitParam');

export const AssignmentRecord = z
  .object({ id, projectUnitID: id, rootProjectUnitID: id, projectUnitNo: text, title: text, productTypeID: id, productType: text, productTypeBGColor: text, productTypeTextColor: text, plantID: nullableId, plant: nullableText })
  .openapi('ProductTypeAssignment');
export const PlanningData = z
  .object({
    canEdit: z.boolean(),
    units: z.array(z.object({ projectUnitID: id, projectUnitNo: text, title: text, projectUnitType: text, depth: z.number().int(), productTypeID: nullableId, plantID: nullableId, orderNumber: text, preliminaryDays: z.number().int(), version: z.number().int() })),
    productTypes: z.array(z.object({ id, title: text, bgColor: text, textColor: text })),
    plants: z.array(z.object({ id, name: text })),
  })
  .openapi('PlanningData');

export const JournalRecord = z
  .object({
    id, projectUnitsJournalID: id, projectUnitID: id, projectUnitName: text, projectUnitNo: text, projectUnitType: text, date: isoDateTime, userEmail: text,
    userLogin: text, userName: text, contentJson: text, delayed: z.boolean(), reminderID: nullableText, delayReason: text,
  })
  .openapi('JournalEntry');

export const WorkflowNotification = z
  .object({ id, rootNo: text, root: text, subProject: text, approvalLot: text, createdOn: isoDateTime, username: text, materialData: z.array(Material), rootProjectUnitID: id, projectUnitID: id })
  .openapi('WorkflowNotification');
export const WorkflowRow = z
  .object({ id, projectUnitNo: text, title: text, stateKey: text, ruleKey: text, ruleText: text, createdOn: isoDateTime, rootProjectUnitID: id, projectUnitID: id })
  .openapi('WorkflowRow');

export const SiteAddress = z.object({ id, name: text, street1: text, zip: text, city: text, country: text }).openapi('SiteAddress');
export const SiteContact = z.object({ id, name: text, officePhone: text, officeFax: text, companyMobile: text, officeEMail: text }).openapi('SiteContact');

export const PlantRecord = z.object({ id, plantID: id, name: text, tenantID: id }).openapi('Plant');
export const ProductTypeRecord = z.object({ id, productTypeID: id, title: text, bgColor: text, textColor: text, tenantID: id }).openapi('ProductType');
export const TenantRecord = z
  .object({ id, tenantID: id, name: text, type: z.enum(['standard', 'ccl']), features: z.array(text), projectFeatureDefaults: z.array(text), infoHtml: text, hasLogo: z.boolean(), logoUrl: text })
  .openapi('Tenant');
export const PreliminaryDaysRecord = z
  .object({ id, productPlantPreliminaryDaysID: id, tenantID: id, plantID: id, plantName: text, productTypeID: id, productTypeTitle: text, preliminaryDays: z.number().int() })
  .openapi('PreliminaryDays');
export const ProjectFeaturesRecord = z.object({ id, projectUnitID: id, projectUnitNo: text, title: text, stateKey: text, tenantID: id, tenantName: text, features: z.array(text), tenantDefaults: z.array(text) }).openapi('ProjectFeatures');
export const CatalogueTenant = z.object({ id, tenantID: id, name: text });
export const TenantCatalogue = z.object({ tenantID: id, aac: z.array(AacProductSchema), lintel: z.array(LintelProductSchema) }).openapi('TenantCatalogue');

export const WebhookRecord = z
  .object({
    id, webhookID: id, tenantID: id, tenantName: text, url: text, description: text, eventTypes: z.array(text), enabled: z.boolean(), secret: text,
    version: z.number().int(), pendingCount: z.number().int(), failedCount: z.number().int(), createdAt: isoDateTime, updatedAt: isoDateTime,
  })
  .openapi('WebhookEndpoint');
export const WebhookDeliveryRecord = z
  .object({
    id, endpointID: id, endpointUrl: text, tenantID: id, eventID: id, webhookId: text.openapi({ description: 'The idempotency id receivers get as `webhook-id`.' }),
    eventType: text, projectUnitID: id, rootProjectUnitID: id, status: z.enum(['pending', 'succeeded', 'failed']), attempts: z.number().int(),
    nextAttemptAt: isoDateTime.nullable(), deliveredAt: isoDateTime.nullable(), lastStatusCode: z.number().int().nullable(), lastError: nullableText,
    createdAt: isoDateTime, eventCreatedAt: isoDateTime, payload: z.record(z.string(), z.unknown()),
    attemptLog: z.array(z.object({ attemptedAt: isoDateTime, statusCode: z.number().int().nullable(), error: nullableText, durationMs: z.number().int() })),
  })
  .openapi('WebhookDelivery');

export const Unknown = z.unknown();
export { covers };
