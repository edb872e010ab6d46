/**
 * Skills and tools a job description may ask for, each with the spellings that name it. Tailoring recognizes
 * requirements with this list; matching is on whole words, case-insensitive except for names marked `=`.
 */
export interface VocabularyTerm {
  name: string;
  aliases?: string[];
  /** The name is also an everyday word ("Go", "Swift", "Excel"): it counts only when written with its capitals. */
  caseSensitiveName?: boolean;
}

const terms = (list: string): VocabularyTerm[] =>
  list
    .trim()
    .split('\n')
    .map((line) => {
      const [marked, ...aliases] = line.split('|').map((part) => part.trim());
      const caseSensitiveName = marked.startsWith('=');
      return { name: caseSensitiveName ? marked.slice(1) : marked, aliases, caseSensitiveName };
    });

export const SKILL_VOCABULARY: VocabularyTerm[] = terms(`
TypeScript|ts
JavaScript|js|ecmascript
Node.js|node|nodejs|node js
Python
Java
=Kotlin
Scala
=Go|golang
=Rust
C++|cpp
C#|csharp|.net|dotnet
Ruby|rails|ruby on rails
PHP|laravel
=Swift
Objective-C
Elixir
Haskell
SQL
PostgreSQL|postgres|psql
MySQL|mariadb
SQLite
MongoDB|mongo
Redis
Elasticsearch|elastic search|opensearch
Cassandra
DynamoDB
Snowflake
BigQuery
Kafka|apache kafka
RabbitMQ
GraphQL
REST|rest api|restful|rest apis|restful apis
gRPC
React|react.js|reactjs
Angular
Vue|vue.js|vuejs
Svelte
Next.js|nextjs
NestJS|nest.js
=Express|express.js
Django
=Flask
FastAPI
=Spring|spring boot
HTML
CSS|sass|scss
Tailwind|tailwindcss
Docker|containers
Kubernetes|k8s
Terraform
Ansible
=Helm
AWS|amazon web services
GCP|google cloud
Azure
Linux
Git
CI/CD|continuous integration|continuous delivery|continuous deployment
GitHub Actions
Jenkins
Prometheus
Grafana
Datadog
OpenTelemetry
Microservices|microservice
Distributed systems|distributed system
Event-driven architecture|event driven|event-driven
Machine learning|ml
Deep learning
PyTorch
TensorFlow
NLP|natural language processing
LLM|llms|large language models
Computer vision
Data engineering
Data analysis|data analytics
=Spark|apache spark|pyspark
Airflow|apache airflow
dbt
Pandas
NumPy
Tableau
Power BI|powerbi
=Excel
Statistics
A/B testing|ab testing|experimentation
Figma
UX|user experience
UI|user interface
Product management
Agile|scrum|kanban
TDD|test-driven development|test driven development
=Jest
Cypress
Playwright
Selenium
Security|application security|appsec
OAuth|oauth2|openid connect
Networking|tcp/ip
System design
Performance optimization|performance tuning
Observability|monitoring
SRE|site reliability
DevOps
Mobile|ios|android
React Native
Flutter
Embedded|firmware
Blockchain
Salesforce
SAP
Leadership|team lead|people management
Mentoring|mentorship|mentor
Communication
Stakeholder management
Project management
Technical writing|documentation
Customer success
Sales
Marketing
SEO
Accounting
Finance|financial analysis
Recruiting
`);
