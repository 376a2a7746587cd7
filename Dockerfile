# Image that runs a Weft campaign: docker build -t weft . && docker run --rm -v $PWD/classes:/target weft run --main com.acme.Prog --cp /target
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
RUN scripts/mvn-plain -q -DskipTests install

# Weft is built for Java 17 and runs targets on 25 too (scripts/check-jdk25): on 21 and later its
# carriers are virtual threads, which makes a switch between threads several times cheaper.
FROM eclipse-temurin:25-jre
COPY --from=build /src/fuzzer-core/target/weft.jar /opt/weft/weft.jar
COPY --from=build /src/fuzzer-core/target/lib /opt/weft/lib
COPY --from=build /src/examples/target/classes /opt/weft/examples
WORKDIR /work
ENTRYPOINT ["java", "-Xss4m", "-jar", "/opt/weft/weft.jar"]
CMD ["run", "--main", "dev.weft.examples.pct.FlagX", "--cp", "/opt/weft/examples", "--args", "10", "10"]
